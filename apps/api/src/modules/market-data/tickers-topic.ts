// The all-pairs topic (`markets:tickers`): every pair's ticker and each platform's price for it.
// A subscriber's snapshot is every pair as last sent, at the topic's sequence; after it, `tickers`
// messages carry the pairs that changed since the previous message, each whole. The same baseline
// feeds both (what was last sent), so a subscriber never keeps a value the topic has moved past.
// Refreshing costs a quote from every platform for every pair, so the service's timer refreshes
// only while the topic has subscribers, and a snapshot refreshes first.
import { marketTopics, type PairTicker } from '@rora/contracts';
import type { EventBus, RealtimeEvent } from '../realtime/index.ts';

export interface TickersTopicDependencies {
  events: EventBus;
  /** Every pair now, in list order. */
  collect(): Promise<PairTicker[]>;
}

export class TickersTopic {
  sequence = 0;
  private readonly sent = new Map<string, { item: PairTicker; json: string }>();
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(private readonly deps: TickersTopicDependencies) {}

  /**
   * Collects every pair and publishes those that changed. One refresh runs at a time, in order (an
   * older collection never overwrites a newer one); callers that arrive while one waits share it.
   */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    const run = this.chain.then(async () => {
      this.queued = null;
      this.publishChanges(await this.deps.collect());
    });
    this.queued = run;
    this.chain = run.catch(() => undefined);
    return run;
  }

  private publishChanges(items: PairTicker[]): void {
    const changed: PairTicker[] = [];
    for (const item of items) {
      const json = JSON.stringify(item);
      if (this.sent.get(item.symbol)?.json === json) continue;
      this.sent.set(item.symbol, { item, json });
      changed.push(item);
    }
    if (changed.length === 0) return;
    this.sequence += 1;
    void this.deps.events.publish(marketTopics.tickers, {
      channel: 'markets',
      type: 'tickers',
      data: { sequence: this.sequence, items: changed },
    });
  }

  async snapshot(): Promise<RealtimeEvent> {
    await this.refresh();
    const items = [...this.sent.values()].map(({ item }) => item);
    return { channel: 'markets', type: 'snapshot', data: { sequence: this.sequence, items } };
  }
}
