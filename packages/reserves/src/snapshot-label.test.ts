import { describe, expect, it } from 'vitest';
import { compareLabels, publishedLabel, signedLabel } from './snapshot-label.ts';

const ROOT = 'ab'.repeat(32);
const LABEL = { id: '0b6f3a52-8d7e-4c1a-9f0e-2d4b6c8a1e35', takenAt: '2026-11-24T00:00:00.000Z', rootHash: ROOT };

describe("a proof's snapshot label against the published snapshot", () => {
  it('holds when id, time and root are the published ones, the time however written', () => {
    const checks = compareLabels(LABEL, { ...LABEL, takenAt: '2026-11-24T00:00:00Z' });
    expect(checks.map((check) => [check.field, check.ok])).toEqual([
      ['snapshot-id', true],
      ['taken-at', true],
      ['root', true],
    ]);
  });

  it('names each part of a relabelled proof that differs', () => {
    const relabelled = { ...LABEL, id: '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6', takenAt: '2026-11-25T00:00:00.000Z' };
    const failed = compareLabels(relabelled, LABEL).filter((check) => !check.ok);
    expect(failed).toEqual([
      { field: 'snapshot-id', ok: false, proof: relabelled.id, published: LABEL.id },
      { field: 'taken-at', ok: false, proof: relabelled.takenAt, published: LABEL.takenAt },
    ]);
    expect(compareLabels(LABEL, { ...LABEL, rootHash: 'cd'.repeat(32) }).find((check) => !check.ok)?.field).toBe(
      'root',
    );
  });

  it('reads the snapshot as the API serves it, with or without its envelope, and refuses anything else', () => {
    const detail = { id: LABEL.id, takenAt: LABEL.takenAt, rootHash: ROOT, root: { hash: ROOT, sums: ['1'] } };
    expect(publishedLabel({ data: detail })).toEqual(LABEL);
    expect(publishedLabel({ id: LABEL.id, takenAt: LABEL.takenAt, root: { hash: ROOT } })).toEqual(LABEL);
    expect(publishedLabel({ id: LABEL.id, takenAt: LABEL.takenAt })).toBeNull();
    expect(publishedLabel([detail])).toBeNull();
  });

  it('reads the label an ownership message signs, and none from a message missing a line', () => {
    const message = [
      'Rora proof of reserves',
      `Snapshot: ${LABEL.id}`,
      `Taken at: ${LABEL.takenAt}`,
      `Liabilities root: ${ROOT}`,
      'Address: bc1qexample (btc)',
    ].join('\n');
    expect(signedLabel(message)).toEqual(LABEL);
    expect(signedLabel(message.replace(/Taken at: .*\n/, ''))).toBeNull();
  });
});
