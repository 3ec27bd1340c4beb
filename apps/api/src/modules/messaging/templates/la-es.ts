// Latin American Spanish e-mails and SMS.
import type { KycRejectionReason } from '@rora/contracts';
import { numbersIn } from './numbers.ts';
import type { MessageTexts } from './template-types.ts';

const n = numbersIn('la_es');

const ignore = 'Si no lo solicitaste, puedes ignorar este mensaje.';

const ITEMS: Record<KycRejectionReason['item'], string> = {
  identity: 'datos de identidad',
  proof_of_residence: 'comprobante de domicilio',
  id_card: 'foto de tu documento de identidad',
  photo: 'foto tuya',
  photo_with_id_card: 'selfie con tu documento de identidad',
};

const REASONS: Record<KycRejectionReason['code'], string> = {
  identity_details_do_not_match: 'tus datos de identidad no coinciden con tus documentos',
  document_image_is_blurred: 'una foto está borrosa',
  id_card_is_expired: 'tu documento de identidad está vencido',
};

const SIDE = { above: 'igual o superior a', below: 'igual o inferior a' } as const;

export const laEs: MessageTexts = {
  email: {
    verification_code: ({ code }) => ({
      subject: 'Tu código de verificación de Rora',
      text: `Tu código de verificación de Rora es ${code}. Vence en 10 minutos. ${ignore}`,
    }),
    email_taken: () => ({
      subject: 'Intento de registro con tu correo',
      text:
        'Alguien intentó crear una cuenta de Rora con este correo, pero ya existe una cuenta. ' +
        'Si fuiste tú, inicia sesión o restablece tu contraseña si la olvidaste. ' +
        ignore,
    }),
    password_reset_code: ({ code }) => ({
      subject: 'Tu código para restablecer la contraseña de Rora',
      text: `Tu código para restablecer la contraseña de Rora es ${code}. Vence en 10 minutos. ${ignore}`,
    }),
    password_reset_unknown: () => ({
      subject: 'Solicitud para restablecer la contraseña',
      text:
        'Alguien pidió restablecer la contraseña de una cuenta de Rora con este correo, pero no hay ninguna ' +
        'cuenta con esta dirección. Si fuiste tú, revisa la dirección o crea una cuenta. ' +
        ignore,
    }),
    password_changed: () => ({
      subject: 'Se cambió la contraseña de tu cuenta de Rora',
      text:
        'La contraseña de tu cuenta de Rora se acaba de cambiar y se cerraron tus otras sesiones. ' +
        'Si no fuiste tú, restablece tu contraseña ahora y contacta a soporte.',
    }),
    two_factor_disabled: () => ({
      subject: 'Se desactivó la verificación en dos pasos con app de autenticación',
      text:
        'Se acaba de desactivar la verificación en dos pasos con app de autenticación en tu cuenta de Rora. ' +
        'Si no fuiste tú, restablece tu contraseña ahora y contacta a soporte.',
    }),
    sign_in_backoff_started: () => ({
      subject: 'Alguien intenta iniciar sesión en tu cuenta de Rora',
      text:
        'Se acaban de ingresar varias contraseñas incorrectas para tu cuenta de Rora. Para ' +
        'protegerla, cada nuevo intento ahora debe esperar un poco más. Aún puedes iniciar sesión ' +
        'con tu contraseña. Si no fuiste tú, cambia tu contraseña y activa la verificación en dos ' +
        'pasos con app de autenticación.',
    }),
    kyc_status_changed: ({ status, reasons }) => {
      switch (status) {
        case 'in_progress':
          return {
            subject: 'Verificación de identidad iniciada',
            text: 'Iniciaste la verificación de tu identidad. Completa los pasos restantes para comprar, vender y convertir.',
          };
        case 'waiting_for_approval':
          return {
            subject: 'Documentos de identidad recibidos',
            text: 'Recibimos tus datos de identidad y tus documentos. Te avisaremos cuando los hayamos revisado.',
          };
        case 'resubmitted':
          return {
            subject: 'Correcciones recibidas',
            text: 'Recibimos tus correcciones. Te avisaremos cuando las hayamos revisado.',
          };
        case 'approved':
          return {
            subject: 'Identidad verificada',
            text: 'Tu identidad está verificada. Ya puedes comprar, vender y convertir.',
          };
        case 'rejected': {
          const details = reasons.map((reason) => `${ITEMS[reason.item]}: ${REASONS[reason.code]}`).join('; ');
          return {
            subject: 'Tu verificación de identidad necesita tu atención',
            text: `No pudimos verificar tu identidad (${details}). Corrige los elementos rechazados y vuelve a enviarlos.`,
          };
        }
        case 'not_started':
          return { subject: 'Verificación de identidad', text: 'Se reinició tu verificación de identidad.' };
      }
    },
    price_alert: ({ symbol, condition, price, triggeredPrice, quote }) => ({
      subject: `Alerta de precio: ${symbol}`,
      text:
        `Tu alerta de precio en ${symbol} se activó: el último precio es ${n.decimal(triggeredPrice)} ${quote}, ` +
        `${SIDE[condition]} tu precio de alerta de ${n.decimal(price)} ${quote}. ` +
        'Cada alerta se activa una sola vez; para seguir este par, crea una nueva alerta en la pantalla ' +
        'Exchange. Recibes este correo porque tienes activadas las notificaciones de precios con IA en tu ' +
        'configuración de notificaciones.',
    }),
    loan_update: (p) => {
      const loan = `${n.decimal(p.amount)} ${p.asset} (garantía ${n.decimal(p.collateralAmount)} ${p.collateralAsset})`;
      const ltv = p.ltvPercent === null ? '' : ` La relación préstamo-valor llegó a ${n.percent(p.ltvPercent)}.`;
      const lines = {
        funded: { subject: 'Tu préstamo P2P fue financiado', text: `El préstamo P2P de ${loan} ya está activo.` },
        repaid: {
          subject: 'Préstamo P2P pagado',
          text: `El préstamo P2P de ${loan} fue pagado; la garantía volvió al prestatario.`,
        },
        margin_call: {
          subject: 'Llamada de margen en tu préstamo P2P',
          text: `Llamada de margen en tu préstamo P2P de ${loan}.${ltv} Págalo ahora o será liquidado si la relación sigue subiendo.`,
        },
        liquidated: {
          subject: 'Préstamo P2P liquidado',
          text: `El préstamo P2P de ${loan} fue liquidado.${ltv} Se pagó al prestamista con la garantía y el resto volvió al prestatario.`,
        },
        closed: {
          subject: 'Préstamo P2P vencido cerrado',
          text: `El préstamo P2P de ${loan} venció y pasó su período de gracia; se liquidó con la garantía.`,
        },
        cancelled: {
          subject: 'Solicitud de préstamo P2P cancelada',
          text: `Tu solicitud de préstamo P2P de ${loan} fue cancelada y la garantía vuelve a estar disponible.`,
        },
      } as const;
      return lines[p.event];
    },
  },
  sms: {
    verification_code: ({ code }) => `Tu código de verificación de Rora es ${code}. Vence en 10 minutos.`,
    password_reset_code: ({ code }) =>
      `Tu código para restablecer la contraseña de Rora es ${code}. Vence en 10 minutos.`,
  },
};
