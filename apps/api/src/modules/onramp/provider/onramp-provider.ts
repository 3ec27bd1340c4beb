// The on-ramp provider, an adapter (DESIGN §1 principle 4): it prices a card purchase, opens a widget
// session the web app shows, and later confirms or declines through a signed webhook. The on-ramp
// service never knows which provider it talks to. A real provider is a new file implementing this
// interface, chosen by ONRAMP_PROVIDER: its API call in `createSession`, its signature scheme and
// payload in `readWebhook`.

export interface OnrampPriceRequest {
  readonly asset: string;
  readonly assetScale: number;
  /** Fiat minor units (cents) the card is charged, fee included. */
  readonly fiatAmount: bigint;
  /** The reference price: US dollars per whole unit at 18 decimals. */
  readonly usdPrice: bigint;
}

export interface OnrampPrice {
  /** Fiat minor units the provider keeps (rounded up). */
  readonly providerFee: bigint;
  /** Coin minor units delivered for the rest (rounded down). */
  readonly cryptoAmount: bigint;
}

export interface OnrampSessionRequest {
  /** Rora's purchase id; the provider's webhook names it (its "external reference"). */
  readonly purchaseId: string;
  readonly asset: string;
  readonly fiatCurrency: string;
  readonly fiatAmount: bigint;
  readonly cryptoAmount: bigint;
  readonly expiresAt: Date;
}

export interface OnrampWidget {
  /** The provider's id of the session, unique for the provider. */
  readonly providerReference: string;
  /** What the web app opens. */
  readonly url: string;
}

/** What a verified webhook says happened. */
export interface OnrampEvent {
  /** The provider's id of the event: it takes effect at most once. */
  readonly eventId: string;
  readonly purchaseId: string;
  readonly outcome: 'completed' | 'declined';
  readonly asset: string;
  /** Coin minor units delivered (completed). */
  readonly cryptoAmount: bigint;
  readonly declineCode: string | null;
}

export interface OnrampWebhookDelivery {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly rawBody: Buffer;
  readonly now: Date;
}

export interface OnrampProvider {
  /** `sandbox`, or the real provider's id; stored with each purchase. */
  readonly id: string;
  /** Shown to customers beside the widget. */
  readonly displayName: string;
  /** The widget's origin when it is another site (the CSP's frame-src needs it); null for Rora's own. */
  readonly widgetOrigin: string | null;
  /** `iframe`: shown inside Rora's page; `redirect`: opened as its own page. */
  readonly widgetMode: 'iframe' | 'redirect';
  price(request: OnrampPriceRequest): OnrampPrice;
  createSession(request: OnrampSessionRequest): Promise<OnrampWidget>;
  /** Verifies the signature and reads the event; throws AppError webhook_* when it cannot. */
  readWebhook(delivery: OnrampWebhookDelivery): { event: OnrampEvent; signature: string };
}
