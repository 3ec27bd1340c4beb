// The sandbox widget's words in Rora's four languages (a hosted widget takes the customer's language
// as a parameter, as real on-ramp widgets do). `{amount}` is replaced where it appears.
export const WIDGET_LANGUAGES = ['en', 'fr', 'la_es', 'pt_br'] as const;
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

export type WidgetText = Record<
  | 'title'
  | 'testMode'
  | 'youPay'
  | 'youReceive'
  | 'feeIncluded'
  | 'cardNumber'
  | 'expiry'
  | 'cvc'
  | 'nameOnCard'
  | 'pay'
  | 'paying'
  | 'testCards'
  | 'cardApproves'
  | 'cardDeclines'
  | 'cardNoFunds'
  | 'testCardsNote'
  | 'approvedTitle'
  | 'approvedBody'
  | 'declinedTitle'
  | 'declinedBody'
  | 'card_declined'
  | 'insufficient_funds'
  | 'card_not_supported'
  | 'closedTitle'
  | 'closedBody'
  | 'onramp_card_number_invalid'
  | 'onramp_card_expiry_invalid'
  | 'onramp_card_expired'
  | 'onramp_card_cvc_invalid'
  | 'onramp_session_is_closed'
  | 'genericError',
  string
>;

const en: WidgetText = {
  title: 'Pay by card',
  testMode: 'Test mode',
  youPay: 'You pay',
  youReceive: 'You receive',
  feeIncluded: 'Card fee included',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'Security code',
  nameOnCard: 'Name on card',
  pay: 'Pay {amount}',
  paying: 'Paying…',
  testCards: 'Test cards',
  cardApproves: 'approved',
  cardDeclines: 'declined',
  cardNoFunds: 'declined: insufficient funds',
  testCardsNote: 'Use any future expiry date and any 3-digit security code. No real card is charged.',
  approvedTitle: 'Payment approved',
  approvedBody: '{amount} is on its way to your Rora wallet.',
  declinedTitle: 'Card declined',
  declinedBody: 'You were not charged. Start a new purchase to try another card.',
  card_declined: 'Your bank declined this card.',
  insufficient_funds: 'This card has insufficient funds.',
  card_not_supported: 'This card is not supported.',
  closedTitle: 'This payment is finished',
  closedBody: 'This payment was already made or has expired. Start a new purchase in Rora.',
  onramp_card_number_invalid: 'Check the card number.',
  onramp_card_expiry_invalid: 'Check the expiry date (MM/YY).',
  onramp_card_expired: 'This card has expired.',
  onramp_card_cvc_invalid: 'Check the security code (3 or 4 digits).',
  onramp_session_is_closed: 'This payment was already made or has expired.',
  genericError: 'Something went wrong. Please try again.',
};

const fr: WidgetText = {
  title: 'Payer par carte',
  testMode: 'Mode test',
  youPay: 'Vous payez',
  youReceive: 'Vous recevez',
  feeIncluded: 'Frais de carte inclus',
  cardNumber: 'Numéro de carte',
  expiry: 'Expiration (MM/AA)',
  cvc: 'Code de sécurité',
  nameOnCard: 'Nom sur la carte',
  pay: 'Payer {amount}',
  paying: 'Paiement…',
  testCards: 'Cartes de test',
  cardApproves: 'acceptée',
  cardDeclines: 'refusée',
  cardNoFunds: 'refusée\u00a0: provision insuffisante',
  testCardsNote:
    'Utilisez une date d’expiration future et un code de sécurité à 3 chiffres. Aucune vraie carte n’est débitée.',
  approvedTitle: 'Paiement accepté',
  approvedBody: '{amount} arrive dans votre portefeuille Rora.',
  declinedTitle: 'Carte refusée',
  declinedBody: 'Vous n’avez pas été débité. Lancez un nouvel achat pour essayer une autre carte.',
  card_declined: 'Votre banque a refusé cette carte.',
  insufficient_funds: 'La provision de cette carte est insuffisante.',
  card_not_supported: 'Cette carte n’est pas acceptée.',
  closedTitle: 'Ce paiement est terminé',
  closedBody: 'Ce paiement a déjà été effectué ou a expiré. Lancez un nouvel achat dans Rora.',
  onramp_card_number_invalid: 'Vérifiez le numéro de carte.',
  onramp_card_expiry_invalid: 'Vérifiez la date d’expiration (MM/AA).',
  onramp_card_expired: 'Cette carte a expiré.',
  onramp_card_cvc_invalid: 'Vérifiez le code de sécurité (3 ou 4 chiffres).',
  onramp_session_is_closed: 'Ce paiement a déjà été effectué ou a expiré.',
  genericError: 'Une erreur est survenue. Veuillez réessayer.',
};

const laEs: WidgetText = {
  title: 'Pagar con tarjeta',
  testMode: 'Modo de prueba',
  youPay: 'Pagas',
  youReceive: 'Recibes',
  feeIncluded: 'Comisión de tarjeta incluida',
  cardNumber: 'Número de tarjeta',
  expiry: 'Vencimiento (MM/AA)',
  cvc: 'Código de seguridad',
  nameOnCard: 'Nombre en la tarjeta',
  pay: 'Pagar {amount}',
  paying: 'Pagando…',
  testCards: 'Tarjetas de prueba',
  cardApproves: 'aprobada',
  cardDeclines: 'rechazada',
  cardNoFunds: 'rechazada: fondos insuficientes',
  testCardsNote:
    'Usa cualquier fecha de vencimiento futura y cualquier código de 3 dígitos. No se cobra ninguna tarjeta real.',
  approvedTitle: 'Pago aprobado',
  approvedBody: '{amount} va en camino a tu billetera de Rora.',
  declinedTitle: 'Tarjeta rechazada',
  declinedBody: 'No se te cobró nada. Inicia una nueva compra para probar otra tarjeta.',
  card_declined: 'Tu banco rechazó esta tarjeta.',
  insufficient_funds: 'Esta tarjeta no tiene fondos suficientes.',
  card_not_supported: 'Esta tarjeta no es compatible.',
  closedTitle: 'Este pago terminó',
  closedBody: 'Este pago ya se realizó o venció. Inicia una nueva compra en Rora.',
  onramp_card_number_invalid: 'Revisa el número de tarjeta.',
  onramp_card_expiry_invalid: 'Revisa la fecha de vencimiento (MM/AA).',
  onramp_card_expired: 'Esta tarjeta está vencida.',
  onramp_card_cvc_invalid: 'Revisa el código de seguridad (3 o 4 dígitos).',
  onramp_session_is_closed: 'Este pago ya se realizó o venció.',
  genericError: 'Algo salió mal. Inténtalo de nuevo.',
};

const ptBr: WidgetText = {
  title: 'Pagar com cartão',
  testMode: 'Modo de teste',
  youPay: 'Você paga',
  youReceive: 'Você recebe',
  feeIncluded: 'Taxa do cartão incluída',
  cardNumber: 'Número do cartão',
  expiry: 'Validade (MM/AA)',
  cvc: 'Código de segurança',
  nameOnCard: 'Nome no cartão',
  pay: 'Pagar {amount}',
  paying: 'Pagando…',
  testCards: 'Cartões de teste',
  cardApproves: 'aprovado',
  cardDeclines: 'recusado',
  cardNoFunds: 'recusado: saldo insuficiente',
  testCardsNote: 'Use qualquer validade futura e qualquer código de 3 dígitos. Nenhum cartão real é cobrado.',
  approvedTitle: 'Pagamento aprovado',
  approvedBody: '{amount} está a caminho da sua carteira Rora.',
  declinedTitle: 'Cartão recusado',
  declinedBody: 'Você não foi cobrado. Inicie uma nova compra para tentar outro cartão.',
  card_declined: 'Seu banco recusou este cartão.',
  insufficient_funds: 'Este cartão não tem saldo suficiente.',
  card_not_supported: 'Este cartão não é aceito.',
  closedTitle: 'Este pagamento terminou',
  closedBody: 'Este pagamento já foi feito ou expirou. Inicie uma nova compra no Rora.',
  onramp_card_number_invalid: 'Confira o número do cartão.',
  onramp_card_expiry_invalid: 'Confira a validade (MM/AA).',
  onramp_card_expired: 'Este cartão está vencido.',
  onramp_card_cvc_invalid: 'Confira o código de segurança (3 ou 4 dígitos).',
  onramp_session_is_closed: 'Este pagamento já foi feito ou expirou.',
  genericError: 'Algo deu errado. Tente novamente.',
};

export const WIDGET_TEXT: Readonly<Record<WidgetLanguage, WidgetText>> = { en, fr, la_es: laEs, pt_br: ptBr };

export function widgetLanguage(value: unknown): WidgetLanguage {
  return (WIDGET_LANGUAGES as readonly unknown[]).includes(value) ? (value as WidgetLanguage) : 'en';
}
