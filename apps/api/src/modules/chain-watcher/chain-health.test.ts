// A chain's state from what the scanner and the broadcasts saw: each node failure by its reason, a
// view too far below the node's tip as `behind`, `since` moving only when the state changes, and the
// devnet's chains always ok.
import { describe, expect, it } from 'vitest';
import { NodeError } from '@rora/chains';
import { ManualClock } from '../../lib/clock.ts';
import { BEHIND_BLOCKS, createChainHealth } from './chain-health.ts';

function health() {
  const clock = new ManualClock(new Date('2026-11-25T05:00:00Z'));
  return { clock, health: createChainHealth({ clock, nodeChains: ['ltc'] }) };
}

describe('chain health', () => {
  it('names the node failure that degraded the chain', () => {
    const { health: h } = health();
    for (const [kind, reason] of [
      ['unreachable', 'node_unreachable'],
      ['timeout', 'node_timing_out'],
      ['malformed', 'node_answer_malformed'],
      ['rejected', 'node_refused'],
    ] as const) {
      h.report('ltc', { error: new NodeError(kind, `getblockcount: ${kind}`) });
      expect(h.degraded('ltc')).toMatchObject({ state: 'degraded', reason, detail: `getblockcount: ${kind}` });
    }
    h.report('ltc', { error: new Error('ltc: no recorded block below 90 is on the node’s chain') });
    expect(h.degraded('ltc')?.reason).toBe('scanner_stopped');
  });

  it("shows anyone a node failure's own line, and any other error only as a stopped scanner", () => {
    const { health: h } = health();
    // GET /health is public: a database's or a bug's message belongs in the log, not there.
    for (const error of [
      new Error('password authentication failed for user "rora"'),
      new TypeError("Cannot read properties of undefined (reading 'vout')"),
      'relation "wallet_deposits" does not exist',
    ]) {
      h.report('ltc', { error });
      expect(h.degraded('ltc')).toMatchObject({
        reason: 'scanner_stopped',
        detail: 'the deposit scanner stopped on an error (see the log)',
      });
    }
  });

  it(`is behind ${BEHIND_BLOCKS} blocks below the node's tip, and ok again once caught up`, () => {
    const { clock, health: h } = health();
    h.report('ltc', { height: 100, tip: 100 + BEHIND_BLOCKS - 1 });
    expect(h.degraded('ltc')).toBeNull();
    clock.advance(60_000);
    h.report('ltc', { height: 100, tip: 100 + BEHIND_BLOCKS });
    const behind = h.degraded('ltc');
    expect(behind).toMatchObject({ reason: 'behind', since: '2026-11-25T05:01:00.000Z', height: 100, tip: 106 });
    clock.advance(60_000);
    h.report('ltc', { height: 101, tip: 110 });
    expect(h.degraded('ltc')?.since).toBe(behind?.since);
    clock.advance(60_000);
    h.report('ltc', { height: 110, tip: 110 });
    expect(h.states().find((state) => state.chain === 'ltc')).toMatchObject({
      source: 'node',
      state: 'ok',
      reason: null,
      since: '2026-11-25T05:03:00.000Z',
    });
  });

  it('lists every chain, the devnet ones ok', () => {
    const { health: h } = health();
    const states = h.states();
    expect(states.map((state) => state.chain).sort()).toEqual(['bsc', 'btc', 'eth', 'ltc', 'sol', 'xrp']);
    expect(states.filter((state) => state.source === 'devnet').every((state) => state.state === 'ok')).toBe(true);
    expect(h.degraded('usdt-erc20')).toBeNull();
  });
});
