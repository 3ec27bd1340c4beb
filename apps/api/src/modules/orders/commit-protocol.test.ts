// The commit protocol's decisions, one scenario each, with no database: what it commands after each
// event. The seeded simulation (simulation/) checks the same machine under every interleaving.
import { describe, expect, it } from 'vitest';
import { CommitProtocol, type ProtocolCommand } from './commit-protocol.ts';

/** A protocol with batches 1..n ready after the chain at `lastBatch`, each sent on backend 100 + key. */
function inFlight(n: number, lastBatch = 10n): CommitProtocol {
  const protocol = new CommitProtocol();
  for (let key = 1; key <= n; key += 1) {
    protocol.step({ type: 'batch_ready', key, lastBatch, token: `t${key}` });
    protocol.step({ type: 'call_sent', key, backend: 100 + key });
  }
  return protocol;
}

const types = (commands: ProtocolCommand[]) =>
  commands.map((command) => `${command.type} ${'key' in command ? command.key : command.keys.join(',')}`);

describe('the order commit protocol', () => {
  it('numbers batches after the chain read with the first, then one after another', () => {
    const protocol = new CommitProtocol();
    expect(protocol.step({ type: 'batch_ready', key: 1, lastBatch: 41n, token: 'a' })).toEqual([
      { type: 'send', key: 1, id: 42n, token: 'a' },
    ]);
    expect(protocol.step({ type: 'batch_ready', key: 2, lastBatch: 40n, token: 'b' })).toEqual([
      { type: 'send', key: 2, id: 43n, token: 'b' },
    ]);
  });

  it('answers batches in the chain order, whatever order their answers come in', () => {
    const protocol = inFlight(3);
    expect(protocol.step({ type: 'commit_answered', key: 3, outcome: 'committed' })).toEqual([]);
    expect(protocol.step({ type: 'commit_answered', key: 2, outcome: 'committed' })).toEqual([]);
    expect(types(protocol.step({ type: 'commit_answered', key: 1, outcome: 'committed' }))).toEqual([
      'answer 1',
      'answer 2',
      'answer 3',
    ]);
    expect(protocol.inFlight()).toEqual([]);
  });

  it('sends once more a batch that overtook the one before it, once that one committed', () => {
    const protocol = inFlight(2);
    protocol.step({ type: 'commit_answered', key: 2, outcome: 'out_of_chain' });
    expect(protocol.step({ type: 'commit_answered', key: 1, outcome: 'committed' })).toEqual([
      { type: 'answer', key: 1, rebuilt: false },
      { type: 'send', key: 2, id: 12n, token: 't2' },
    ]);
    // Out of the chain a second time: it fails, and nothing is sent a third time.
    expect(protocol.step({ type: 'commit_answered', key: 2, outcome: 'out_of_chain' })).toEqual([]);
    expect(protocol.mustRecover()).toBe(true);
  });

  it('does not send again a batch whose predecessor failed, and sends nothing new until recovered', () => {
    const protocol = inFlight(2);
    protocol.step({ type: 'commit_answered', key: 1, outcome: 'refused' });
    expect(protocol.step({ type: 'commit_answered', key: 2, outcome: 'out_of_chain' })).toEqual([]);
    expect(protocol.failing()).toBe(true);
    expect(() => protocol.step({ type: 'batch_ready', key: 3, lastBatch: 10n, token: 't3' })).toThrow();
    expect(types(protocol.step({ type: 'recover' }))).toEqual(['rebuild_books 1,2']);
    expect(types(protocol.step({ type: 'books_rebuilt' }))).toEqual(['fail 1', 'fail 2']);
    expect(protocol.failing()).toBe(false);
  });

  it('ends the backend of a lost answer before the books are rebuilt, then answers it from its mark', () => {
    const protocol = inFlight(2);
    protocol.step({ type: 'commit_answered', key: 1, outcome: 'unknown' });
    protocol.step({ type: 'commit_answered', key: 2, outcome: 'committed' });
    expect(protocol.step({ type: 'recover' })).toEqual([{ type: 'end_backend', key: 1, backend: 101 }]);
    expect(types(protocol.step({ type: 'backend_ended', key: 1, gone: true }))).toEqual(['rebuild_books 1']);
    expect(protocol.step({ type: 'books_rebuilt' })).toEqual([{ type: 'read_mark', key: 1, id: 11n, token: 't1' }]);
    expect(protocol.step({ type: 'mark_read', key: 1, committed: true })).toEqual([
      { type: 'answer', key: 1, rebuilt: true },
    ]);
    expect(protocol.failing()).toBe(false);
  });

  it.each([
    { case: 'its mark shows it did not commit', gone: true, committed: false, then: ['fail 1'] },
    { case: 'its mark cannot be read', gone: true, committed: null, then: ['refuse 1'] },
    { case: 'its backend stays', gone: false, committed: null, then: [] },
  ])('after a lost answer, when $case, commands $then', ({ gone, committed, then }) => {
    const protocol = inFlight(1);
    protocol.step({ type: 'commit_answered', key: 1, outcome: 'unknown' });
    protocol.step({ type: 'recover' });
    protocol.step({ type: 'backend_ended', key: 1, gone });
    const afterRebuild = protocol.step({ type: 'books_rebuilt' });
    if (!gone) return expect(types(afterRebuild)).toEqual(['refuse 1']);
    expect(types(protocol.step({ type: 'mark_read', key: 1, committed }))).toEqual(then);
  });

  it('refuses, never runs again, a lost answer whose backend is not known', () => {
    const protocol = new CommitProtocol();
    protocol.step({ type: 'batch_ready', key: 1, lastBatch: 0n, token: 't' });
    protocol.step({ type: 'call_sent', key: 1, backend: null });
    protocol.step({ type: 'commit_answered', key: 1, outcome: 'unknown' });
    expect(types(protocol.step({ type: 'recover' }))).toEqual(['rebuild_books 1']);
    expect(types(protocol.step({ type: 'books_rebuilt' }))).toEqual(['refuse 1']);
  });

  it('runs again a batch whose call never went out, without ending any backend', () => {
    const protocol = new CommitProtocol();
    protocol.step({ type: 'batch_ready', key: 1, lastBatch: 0n, token: 't' });
    protocol.step({ type: 'commit_answered', key: 1, outcome: 'unknown' });
    expect(types(protocol.step({ type: 'recover' }))).toEqual(['rebuild_books 1']);
    expect(types(protocol.step({ type: 'books_rebuilt' }))).toEqual(['fail 1']);
  });

  it('gives back the writer lock before it fails a batch refused for not holding it', () => {
    const protocol = inFlight(1);
    protocol.step({ type: 'commit_answered', key: 1, outcome: 'not_the_writer' });
    protocol.step({ type: 'recover' });
    expect(types(protocol.step({ type: 'books_rebuilt' }))).toEqual(['release_writer 1', 'fail 1']);
  });

  it('reads the chain again for the first batch after a rebuild', () => {
    const protocol = inFlight(1);
    protocol.step({ type: 'commit_answered', key: 1, outcome: 'refused' });
    protocol.step({ type: 'recover' });
    protocol.step({ type: 'books_rebuilt' });
    expect(protocol.step({ type: 'batch_ready', key: 2, lastBatch: 30n, token: 'u' })).toEqual([
      { type: 'send', key: 2, id: 31n, token: 'u' },
    ]);
  });

  it('sends a second batch beside the one in flight only once 16 commands wait', () => {
    const protocol = new CommitProtocol();
    expect(protocol.pipelineFull(1)).toBe(false);
    protocol.step({ type: 'batch_ready', key: 1, lastBatch: 10n, token: 't1' });
    expect(protocol.pipelineFull(15)).toBe(true);
    expect(protocol.pipelineFull(16)).toBe(false);
    protocol.step({ type: 'batch_ready', key: 2, lastBatch: 10n, token: 't2' });
    expect(protocol.pipelineFull(1_000)).toBe(true);
    protocol.step({ type: 'commit_answered', key: 1, outcome: 'committed' });
    expect(protocol.pipelineFull(1)).toBe(true);
  });

  it('keeps the last batch of a deeper pipeline for when enough commands wait', () => {
    const protocol = new CommitProtocol({ depth: 3, lastMin: 16 });
    protocol.step({ type: 'batch_ready', key: 1, lastBatch: 10n, token: 't1' });
    expect(protocol.pipelineFull(1)).toBe(false);
    protocol.step({ type: 'batch_ready', key: 2, lastBatch: 10n, token: 't2' });
    expect(protocol.pipelineFull(15)).toBe(true);
    expect(protocol.pipelineFull(16)).toBe(false);
  });
});
