// Brazilian Portuguese e-mails and SMS.
import type { KycRejectionReason } from '@rora/contracts';
import { numbersIn } from './numbers.ts';
import type { MessageTexts } from './template-types.ts';

const n = numbersIn('pt_br');

const ignore = 'Se você não fez este pedido, pode ignorar esta mensagem.';

const ITEMS: Record<KycRejectionReason['item'], string> = {
  identity: 'dados de identidade',
  proof_of_residence: 'comprovante de residência',
  id_card: 'foto do seu documento de identidade',
  photo: 'sua foto',
  photo_with_id_card: 'selfie com seu documento de identidade',
};

const REASONS: Record<KycRejectionReason['code'], string> = {
  identity_details_do_not_match: 'seus dados de identidade não conferem com seus documentos',
  document_image_is_blurred: 'uma foto está desfocada',
  id_card_is_expired: 'seu documento de identidade está vencido',
};

const SIDE = { above: 'igual ou acima do', below: 'igual ou abaixo do' } as const;

export const ptBr: MessageTexts = {
  email: {
    verification_code: ({ code }) => ({
      subject: 'Seu código de verificação da Rora',
      text: `Seu código de verificação da Rora é ${code}. Ele expira em 10 minutos. ${ignore}`,
    }),
    email_taken: () => ({
      subject: 'Tentativa de cadastro com seu e-mail',
      text:
        'Alguém tentou criar uma conta na Rora com este e-mail, mas já existe uma conta. ' +
        'Se foi você, entre na sua conta ou redefina sua senha se a esqueceu. ' +
        ignore,
    }),
    password_reset_code: ({ code }) => ({
      subject: 'Seu código de redefinição de senha da Rora',
      text: `Seu código de redefinição de senha da Rora é ${code}. Ele expira em 10 minutos. ${ignore}`,
    }),
    password_reset_unknown: () => ({
      subject: 'Pedido de redefinição de senha',
      text:
        'Alguém pediu para redefinir a senha de uma conta da Rora com este e-mail, mas não existe nenhuma ' +
        'conta com este endereço. Se foi você, confira o endereço ou crie uma conta. ' +
        ignore,
    }),
    password_changed: () => ({
      subject: 'A senha da sua conta Rora foi alterada',
      text:
        'A senha da sua conta Rora acabou de ser alterada e suas outras sessões foram encerradas. ' +
        'Se não foi você, redefina sua senha agora e fale com o suporte.',
    }),
    two_factor_disabled: () => ({
      subject: 'A verificação em duas etapas por aplicativo foi desativada',
      text:
        'A verificação em duas etapas por aplicativo autenticador acabou de ser desativada na sua conta Rora. ' +
        'Se não foi você, redefina sua senha agora e fale com o suporte.',
    }),
    sign_in_backoff_started: () => ({
      subject: 'Alguém está tentando entrar na sua conta Rora',
      text:
        'Várias senhas incorretas acabaram de ser digitadas para a sua conta Rora. Para ' +
        'protegê-la, cada nova tentativa agora precisa esperar um pouco mais. Você ainda pode ' +
        'entrar com a sua senha. Se não foi você, altere sua senha e ative a verificação em duas ' +
        'etapas por aplicativo autenticador.',
    }),
    kyc_status_changed: ({ status, reasons }) => {
      switch (status) {
        case 'in_progress':
          return {
            subject: 'Verificação de identidade iniciada',
            text: 'Você começou a verificação de identidade. Conclua as etapas restantes para comprar, vender e converter.',
          };
        case 'waiting_for_approval':
          return {
            subject: 'Documentos de identidade recebidos',
            text: 'Recebemos seus dados de identidade e seus documentos. Avisaremos você quando eles forem analisados.',
          };
        case 'resubmitted':
          return {
            subject: 'Correções recebidas',
            text: 'Recebemos suas correções. Avisaremos você quando elas forem analisadas.',
          };
        case 'approved':
          return {
            subject: 'Identidade verificada',
            text: 'Sua identidade foi verificada. Agora você pode comprar, vender e converter.',
          };
        case 'rejected': {
          const details = reasons.map((reason) => `${ITEMS[reason.item]}: ${REASONS[reason.code]}`).join('; ');
          return {
            subject: 'Sua verificação de identidade precisa de atenção',
            text: `Não conseguimos verificar sua identidade (${details}). Corrija os itens recusados e envie-os novamente.`,
          };
        }
        case 'not_started':
          return { subject: 'Verificação de identidade', text: 'Sua verificação de identidade foi reiniciada.' };
      }
    },
    price_alert: ({ symbol, condition, price, triggeredPrice, quote }) => ({
      subject: `Alerta de preço: ${symbol}`,
      text:
        `Seu alerta de preço em ${symbol} foi acionado: o último preço é ${n.decimal(triggeredPrice)} ${quote}, ` +
        `${SIDE[condition]} seu preço de alerta de ${n.decimal(price)} ${quote}. ` +
        'Cada alerta é acionado uma única vez; para continuar acompanhando este par, crie um novo alerta na ' +
        'tela Exchange. Você recebe este e-mail porque as notificações de preço com IA estão ativadas nas ' +
        'suas configurações de notificação.',
    }),
    loan_update: (p) => {
      const loan = `${n.decimal(p.amount)} ${p.asset} (garantia ${n.decimal(p.collateralAmount)} ${p.collateralAsset})`;
      const ltv = p.ltvPercent === null ? '' : ` A relação empréstimo-valor chegou a ${n.percent(p.ltvPercent)}.`;
      const lines = {
        funded: { subject: 'Seu empréstimo P2P foi financiado', text: `O empréstimo P2P de ${loan} está ativo.` },
        repaid: {
          subject: 'Empréstimo P2P quitado',
          text: `O empréstimo P2P de ${loan} foi quitado; a garantia voltou ao tomador.`,
        },
        margin_call: {
          subject: 'Chamada de margem no seu empréstimo P2P',
          text: `Chamada de margem no seu empréstimo P2P de ${loan}.${ltv} Quite-o agora ou ele será liquidado se a relação continuar subindo.`,
        },
        liquidated: {
          subject: 'Empréstimo P2P liquidado',
          text: `O empréstimo P2P de ${loan} foi liquidado.${ltv} O credor foi pago com a garantia e o restante voltou ao tomador.`,
        },
        closed: {
          subject: 'Empréstimo P2P vencido encerrado',
          text: `O empréstimo P2P de ${loan} venceu e passou do período de carência; foi liquidado com a garantia.`,
        },
        cancelled: {
          subject: 'Pedido de empréstimo P2P cancelado',
          text: `Seu pedido de empréstimo P2P de ${loan} foi cancelado e a garantia está disponível novamente.`,
        },
      } as const;
      return lines[p.event];
    },
  },
  sms: {
    verification_code: ({ code }) => `Seu código de verificação da Rora é ${code}. Ele expira em 10 minutos.`,
    password_reset_code: ({ code }) =>
      `Seu código de redefinição de senha da Rora é ${code}. Ele expira em 10 minutos.`,
  },
};
