// A market as the runner sees it: the public (lit) book and the dark pool, a second, hidden book
// that takes limit orders of at least a minimum notional and matches them only against each other.
// Its orders never reach public depth: this facade has no way to read the dark book's depth, and
// its events go to their own sink so nothing downstream publishes them by mistake.
import { OrderBook } from './order-book.ts';
import type { Depth, EventSink, OpenOrder, OrderId, PlaceCommand } from './types.ts';

export interface MarketOptions {
  /** Events of the public book. */
  litSink: EventSink;
  /** Events of the dark pool. */
  darkSink: EventSink;
  /** Minimum priceTicks × qtyLots of a new dark order (market-spec.ts derives it from money). */
  darkMinNotionalTickLots: number;
}

export interface MarketPlaceCommand extends PlaceCommand {
  /** True sends the order to the dark pool. */
  dark?: boolean;
}

export interface MarketOpenOrders {
  lit: OpenOrder[];
  dark: OpenOrder[];
}

export class Market {
  private readonly lit: OrderBook;
  private readonly dark: OrderBook;
  private readonly darkSink: EventSink;
  private readonly litSink: EventSink;

  constructor(options: MarketOptions) {
    this.litSink = options.litSink;
    this.darkSink = options.darkSink;
    this.lit = new OrderBook({ sink: options.litSink });
    this.dark = new OrderBook({
      sink: options.darkSink,
      hidden: true,
      minNotionalTickLots: options.darkMinNotionalTickLots,
    });
  }

  /** Ids are unique across both books: an id open in either book is refused. */
  place(command: MarketPlaceCommand): void {
    const book = command.dark === true ? this.dark : this.lit;
    const other = command.dark === true ? this.lit : this.dark;
    if (other.has(command.orderId)) {
      const sink = command.dark === true ? this.darkSink : this.litSink;
      sink({ type: 'rejected', orderId: command.orderId, reason: 'order_id_must_be_unique' });
      return;
    }
    book.place(command);
  }

  /** Cancels an open order in whichever book holds it; false (and `rejected` on the lit sink) when neither does. */
  cancel(orderId: OrderId): boolean {
    if (this.dark.has(orderId)) return this.dark.cancel(orderId);
    return this.lit.cancel(orderId);
  }

  /** Public depth: the lit book only. */
  depth(levels?: number): Depth {
    return this.lit.depth(levels);
  }

  bestBidTicks(): number | undefined {
    return this.lit.bestBidTicks();
  }

  bestAskTicks(): number | undefined {
    return this.lit.bestAskTicks();
  }

  /** For persistence checks and restore, never for publication. */
  openOrders(): MarketOpenOrders {
    return { lit: this.lit.openOrders(), dark: this.dark.openOrders() };
  }

  restore(orders: MarketOpenOrders): void {
    const litIds = new Set(orders.lit.map((order) => order.orderId));
    const shared = orders.dark.find((order) => litIds.has(order.orderId));
    if (shared !== undefined) throw new Error(`order ${shared.orderId} is open in both books`);
    this.lit.restore(orders.lit);
    this.dark.restore(orders.dark);
  }

  verify(): void {
    this.lit.verify();
    this.dark.verify();
  }
}
