// A market's public depth as two states: the committed book (the runner's depth after its last
// commit) and the published one (what a subscriber holds after the topic's last depth message).
// Deltas are the difference between the two, so anything shown to a subscriber must be the
// published state: a snapshot built from the committed book while a delta is pending could show a
// level that later returns to its published amount, and no delta would ever correct it. Callers
// take the pending changes first (the snapshot then shows the latest book) and read the published
// levels afterwards, in the same turn.
import { DEPTH_STREAM_LEVELS } from '@rora/contracts';
import type { Depth as EngineDepth } from '@rora/matching-engine';
import { formatBase, formatPrice, priceOfTicks, quantityOfLots, type Market } from '../markets/index.ts';

export type LevelText = [price: string, amount: string];
export interface LevelsText {
  bids: LevelText[];
  asks: LevelText[];
}
/** Whole ticks -> whole lots, best price first (a Map keeps insertion order). */
type Levels = Map<number, number>;

export class DepthStream {
  private committed: EngineDepth = { bids: [], asks: [] };
  private published: { bids: Levels; asks: Levels } = { bids: new Map(), asks: new Map() };

  constructor(private readonly market: Market) {}

  commit(depth: EngineDepth): void {
    this.committed = depth;
  }

  committedDepth(): EngineDepth {
    return this.committed;
  }

  /**
   * The levels that differ between the committed and the published book (amount '0' removes one),
   * or null when none do. The committed book's best levels become the published state.
   */
  takeChanges(): LevelsText | null {
    const bids = this.diff('bids');
    const asks = this.diff('asks');
    return bids.length === 0 && asks.length === 0 ? null : { bids, asks };
  }

  /** What a subscriber holds now, best first. */
  publishedLevels(): LevelsText {
    const side = (levels: Levels) => [...levels].map(([ticks, lots]) => this.level(ticks, lots));
    return { bids: side(this.published.bids), asks: side(this.published.asks) };
  }

  /** The committed book's best `count` levels per side. */
  committedLevels(count: number): LevelsText {
    const side = (levels: EngineDepth['bids']) =>
      levels.slice(0, count).map((level) => this.level(level.priceTicks, level.qtyLots));
    return { bids: side(this.committed.bids), asks: side(this.committed.asks) };
  }

  private level(ticks: number, lots: number): LevelText {
    const { market } = this;
    return [formatPrice(market, priceOfTicks(market, ticks)), formatBase(market, quantityOfLots(market, lots))];
  }

  private diff(side: 'bids' | 'asks'): LevelText[] {
    const now: Levels = new Map(
      this.committed[side].slice(0, DEPTH_STREAM_LEVELS).map((level) => [level.priceTicks, level.qtyLots]),
    );
    const before = this.published[side];
    const changes: LevelText[] = [];
    for (const [ticks, lots] of now) if (before.get(ticks) !== lots) changes.push(this.level(ticks, lots));
    for (const ticks of before.keys()) if (!now.has(ticks)) changes.push([this.level(ticks, 0)[0], '0']);
    this.published[side] = now;
    return changes;
  }
}
