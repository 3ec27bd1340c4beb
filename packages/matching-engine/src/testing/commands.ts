// fast-check generators of engine command sequences, and the seed every randomised engine test
// uses: TEST_SEED when set, otherwise one drawn now and printed so a failure can be replayed.
import fc from 'fast-check';
import type { OrderId, PlaceCommand } from '../types.ts';

export type BookCommand = { kind: 'place'; command: PlaceCommand } | { kind: 'cancel'; orderId: OrderId };

/** Unresolved references are resolved against the ids already placed when the sequence is run. */
type Draft =
  | { kind: 'place'; command: Omit<PlaceCommand, 'orderId'>; reuseId: number | null }
  | { kind: 'cancel'; target: number };

const owner = fc.integer({ min: 1, max: 4 });
const side = fc.constantFrom<'buy' | 'sell'>('buy', 'sell');
const price = fc.integer({ min: 95, max: 105 });
const qty = fc.integer({ min: 1, max: 12 });

const limitDraft = fc.record({
  owner,
  side,
  type: fc.constant<'limit'>('limit'),
  priceTicks: price,
  qtyLots: qty,
  timeInForce: fc.constantFrom<'GTC' | 'IOC' | 'FOK'>('GTC', 'GTC', 'GTC', 'IOC', 'FOK'),
  postOnly: fc.boolean(),
});

const marketDraft = fc.oneof(
  fc.record({ owner, side, type: fc.constant<'market'>('market'), qtyLots: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    owner,
    side: fc.constant<'buy'>('buy'),
    type: fc.constant<'market'>('market'),
    budgetTickLots: fc.integer({ min: 50, max: 3000 }),
  }),
);

const placeDraft = fc.record({
  kind: fc.constant<'place'>('place'),
  // post-only only with GTC, as the engine demands; other combinations are tested by table.
  command: fc.oneof(
    { weight: 5, arbitrary: limitDraft.map((c) => ({ ...c, postOnly: c.timeInForce === 'GTC' && c.postOnly })) },
    { weight: 2, arbitrary: marketDraft },
  ),
  // One place in twenty reuses an earlier id: refused while that order is open, fine after.
  reuseId: fc.oneof({ weight: 19, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat() }),
});

const cancelDraft = fc.record({ kind: fc.constant<'cancel'>('cancel'), target: fc.nat() });

const draft: fc.Arbitrary<Draft> = fc.oneof(
  { weight: 3, arbitrary: placeDraft },
  { weight: 1, arbitrary: cancelDraft },
);

/** Command sequences over a narrow price band, few owners (self-trades) and some reused ids. */
export function commandSequence(maxLength = 120): fc.Arbitrary<BookCommand[]> {
  return fc.array(draft, { maxLength, size: 'max' }).map(resolve);
}

function resolve(drafts: Draft[]): BookCommand[] {
  const ids: number[] = [];
  return drafts.map((d): BookCommand => {
    if (d.kind === 'cancel') {
      // One in eight cancels names an id that never existed.
      const orderId =
        ids.length === 0 || d.target % 8 === 0 ? 1_000_000 + d.target : (ids[d.target % ids.length] as number);
      return { kind: 'cancel', orderId };
    }
    const reused = d.reuseId !== null && ids.length > 0 ? ids[d.reuseId % ids.length] : undefined;
    const orderId = reused ?? ids.length + 1;
    if (reused === undefined) ids.push(orderId);
    return { kind: 'place', command: { ...d.command, orderId } };
  });
}

/** The seed for fast-check: TEST_SEED when given, otherwise drawn and printed. */
export function testSeed(label: string): number {
  const fromEnv = process.env.TEST_SEED;
  const seed = fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isSafeInteger(seed)) throw new Error(`TEST_SEED must be an integer, got ${fromEnv}`);
  console.info(`${label}: seed ${seed} (replay with TEST_SEED=${seed})`);
  return seed;
}
