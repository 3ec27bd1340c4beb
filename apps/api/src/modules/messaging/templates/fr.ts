// French e-mails and SMS. French sets a space before : ; ! ? % and inside « », and a line must not
// break there (a phone's narrow line would start with the colon): a no-break space (U+00A0) before a
// colon and inside guillemets, a narrow one (U+202F) before ; ! ? and %, as the web app's French copy
// does (french-punctuation.test.ts checks every text). Written as escapes: they are invisible here.
// Figures (`61 012,5`, `81,25 %`) are written by numbers.ts, with the spaces Intl puts there, as the
// screen shows them.
import type { KycRejectionReason } from '@rora/contracts';
import { numbersIn } from './numbers.ts';
import type { MessageTexts } from './template-types.ts';

const n = numbersIn('fr');

const ignore = 'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer ce message.';

const ITEMS: Record<KycRejectionReason['item'], string> = {
  identity: 'informations d’identité',
  proof_of_residence: 'justificatif de domicile',
  id_card: 'photo de votre pièce d’identité',
  photo: 'photo de vous',
  photo_with_id_card: 'selfie avec votre pièce d’identité',
};

const REASONS: Record<KycRejectionReason['code'], string> = {
  identity_details_do_not_match: 'vos informations d’identité ne correspondent pas à vos documents',
  document_image_is_blurred: 'une photo est floue',
  id_card_is_expired: 'votre pièce d’identité a expiré',
};

const SIDE = { above: 'supérieur ou égal à', below: 'inférieur ou égal à' } as const;

export const fr: MessageTexts = {
  email: {
    verification_code: ({ code }) => ({
      subject: 'Votre code de vérification Rora',
      text: `Votre code de vérification Rora est ${code}. Il expire dans 10 minutes. ${ignore}`,
    }),
    email_taken: () => ({
      subject: 'Tentative d’inscription avec votre adresse e-mail',
      text:
        'Quelqu’un a essayé de créer un compte Rora avec cette adresse e-mail, mais un compte existe déjà. ' +
        'Si c’était vous, connectez-vous, ou réinitialisez votre mot de passe si vous l’avez oublié. ' +
        ignore,
    }),
    password_reset_code: ({ code }) => ({
      subject: 'Votre code de réinitialisation du mot de passe Rora',
      text: `Votre code de réinitialisation du mot de passe Rora est ${code}. Il expire dans 10 minutes. ${ignore}`,
    }),
    password_reset_unknown: () => ({
      subject: 'Demande de réinitialisation du mot de passe',
      text:
        'Quelqu’un a demandé la réinitialisation du mot de passe d’un compte Rora avec cette adresse e-mail, ' +
        'mais aucun compte n’utilise cette adresse. Si c’était vous, vérifiez l’adresse ou créez un compte. ' +
        ignore,
    }),
    password_changed: () => ({
      subject: 'Le mot de passe de votre compte Rora a été modifié',
      text:
        'Le mot de passe de votre compte Rora vient d’être modifié et vos autres sessions ont été déconnectées. ' +
        'Si ce n’était pas vous, réinitialisez votre mot de passe maintenant et contactez l’assistance.',
    }),
    two_factor_disabled: () => ({
      subject: 'La double authentification par application a été désactivée',
      text:
        'La double authentification par application d’authentification vient d’être désactivée sur votre ' +
        'compte Rora. Si ce n’était pas vous, réinitialisez votre mot de passe maintenant et contactez l’assistance.',
    }),
    sign_in_backoff_started: () => ({
      subject: 'Quelqu’un tente de se connecter à votre compte Rora',
      text:
        'Plusieurs mots de passe erronés viennent d’être saisis pour votre compte Rora. Pour le ' +
        'protéger, chaque nouvel essai doit désormais attendre un peu plus longtemps. Vous pouvez ' +
        'toujours vous connecter avec votre mot de passe. Si ce n’était pas vous, changez votre ' +
        'mot de passe et activez la double authentification par application.',
    }),
    kyc_status_changed: ({ status, reasons }) => {
      switch (status) {
        case 'in_progress':
          return {
            subject: 'Vérification d’identité commencée',
            text: 'Vous avez commencé la vérification de votre identité. Terminez les étapes restantes pour acheter, vendre et convertir.',
          };
        case 'waiting_for_approval':
          return {
            subject: 'Documents d’identité reçus',
            text: 'Nous avons reçu vos informations d’identité et vos documents. Nous vous préviendrons dès qu’ils auront été vérifiés.',
          };
        case 'resubmitted':
          return {
            subject: 'Corrections reçues',
            text: 'Nous avons reçu vos corrections. Nous vous préviendrons dès qu’elles auront été vérifiées.',
          };
        case 'approved':
          return {
            subject: 'Identité vérifiée',
            text: 'Votre identité est vérifiée. Vous pouvez désormais acheter, vendre et convertir.',
          };
        case 'rejected': {
          const details = reasons
            .map((reason) => `${ITEMS[reason.item]}\u00a0: ${REASONS[reason.code]}`)
            .join('\u202f; ');
          return {
            subject: 'Votre vérification d’identité demande votre attention',
            text: `Nous n’avons pas pu vérifier votre identité (${details}). Corrigez les éléments refusés et envoyez-les à nouveau.`,
          };
        }
        case 'not_started':
          return { subject: 'Vérification d’identité', text: 'Votre vérification d’identité a été réinitialisée.' };
      }
    },
    price_alert: ({ symbol, condition, price, triggeredPrice, quote }) => ({
      subject: `Alerte de prix\u00a0: ${symbol}`,
      text:
        `Votre alerte de prix sur ${symbol} s’est déclenchée\u00a0: le dernier prix est de ${n.decimal(triggeredPrice)} ${quote}, ` +
        `${SIDE[condition]} votre prix d’alerte de ${n.decimal(price)} ${quote}. ` +
        'Chaque alerte ne se déclenche qu’une fois\u202f; pour continuer à suivre cette paire, créez une nouvelle ' +
        'alerte sur l’écran Échange. Vous recevez cet e-mail car les notifications de prix par IA sont ' +
        'activées dans vos paramètres de notification.',
    }),
    loan_update: (p) => {
      const loan = `${n.decimal(p.amount)} ${p.asset} (garantie ${n.decimal(p.collateralAmount)} ${p.collateralAsset})`;
      const ltv = p.ltvPercent === null ? '' : ` Le ratio prêt/valeur a atteint ${n.percent(p.ltvPercent)}.`;
      const lines = {
        funded: { subject: 'Votre prêt P2P est financé', text: `Le prêt P2P de ${loan} est maintenant actif.` },
        repaid: {
          subject: 'Prêt P2P remboursé',
          text: `Le prêt P2P de ${loan} a été remboursé\u202f; la garantie est revenue à l’emprunteur.`,
        },
        margin_call: {
          subject: 'Appel de marge sur votre prêt P2P',
          text: `Appel de marge sur votre prêt P2P de ${loan}.${ltv} Remboursez-le maintenant, sinon il sera liquidé si le ratio continue de monter.`,
        },
        liquidated: {
          subject: 'Prêt P2P liquidé',
          text: `Le prêt P2P de ${loan} a été liquidé.${ltv} Le prêteur a été payé sur la garantie et le reste est revenu à l’emprunteur.`,
        },
        closed: {
          subject: 'Prêt P2P en retard clôturé',
          text: `Le prêt P2P de ${loan} était en retard au-delà du délai de grâce et a été réglé sur la garantie.`,
        },
        cancelled: {
          subject: 'Demande de prêt P2P annulée',
          text: `Votre demande de prêt P2P de ${loan} a été annulée et la garantie est de nouveau disponible.`,
        },
      } as const;
      return lines[p.event];
    },
  },
  sms: {
    verification_code: ({ code }) => `Votre code de vérification Rora est ${code}. Il expire dans 10 minutes.`,
    password_reset_code: ({ code }) =>
      `Votre code de réinitialisation du mot de passe Rora est ${code}. Il expire dans 10 minutes.`,
  },
};
