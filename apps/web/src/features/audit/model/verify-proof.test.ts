import { describe, expect, it } from 'vitest';
import { AUDIT_SNAPSHOT_ID as SNAPSHOT_ID, twoCustomerProofs } from '../../../testing/audit-fixtures.ts';
import { verifyOnPage, type PublishedLabel } from './verify-proof.ts';

const proofOfFirst = () => twoCustomerProofs()[0];

type Proof = ReturnType<typeof proofOfFirst>;
const labelOf = (proof: Proof) => ({
  id: proof.snapshot.id,
  takenAt: proof.snapshot.takenAt,
  rootHash: proof.snapshot.root.hash,
});

/** A published-snapshot lookup that records what it was asked; `published` by id. */
function labelsOf(published: Record<string, Partial<ReturnType<typeof labelOf>> & { proof: Proof }>) {
  const asked: string[] = [];
  const lookup: PublishedLabel = async (id: string) => {
    asked.push(id);
    const entry = published[id];
    if (!entry) return null;
    const { proof, ...changed } = entry;
    return { ...labelOf(proof), ...changed };
  };
  return Object.assign(lookup, { asked });
}

describe("the page's proof verification", () => {
  it("passes a proof whose root is the one published under its snapshot's id, however old", async () => {
    const proof = proofOfFirst();
    const published = labelsOf({ [SNAPSHOT_ID]: { proof } });
    const verification = await verifyOnPage(proof, published, 'c1');
    expect(published.asked).toEqual([SNAPSHOT_ID]);
    expect(verification.ok).toBe(true);
    expect(verification.failure).toBeNull();
    expect(verification.rows.at(-1)).toMatchObject({ kind: 'published', ok: true });
    expect(verification.balances).toEqual([{ asset: 'BTC', amount: '1.5' }]);
    expect(verification.owner).toBe('yours');
  });

  it("says whose proof it is: the signed-in customer's, another customer's, or unknown when nobody is signed in", async () => {
    const [first, second] = twoCustomerProofs();
    const published = labelsOf({ [SNAPSHOT_ID]: { proof: first } });
    const theirs = await verifyOnPage(first, published, 'c2');
    expect(theirs).toMatchObject({ ok: true, owner: 'another', balances: [{ asset: 'BTC', amount: '1.5' }] });
    expect((await verifyOnPage(second, published, 'c2')).owner).toBe('yours');
    expect((await verifyOnPage(first, published, null)).owner).toBe('unknown');
  });

  it("cannot be made the reader's by writing their id into another customer's proof", async () => {
    const relabelled = { ...twoCustomerProofs()[0], customerId: 'c2' };
    const verification = await verifyOnPage(relabelled, labelsOf({ [SNAPSHOT_ID]: { proof: relabelled } }), 'c2');
    expect(verification.ok).toBe(false);
    expect(verification.failure).toMatchObject({ kind: 'root', problem: 'root_hash_mismatch' });
  });

  it('fails a proof whose snapshot Rora never published, and one whose root differs from the published', async () => {
    const proof = proofOfFirst();
    const unknown = await verifyOnPage(proof, labelsOf({}), 'c1');
    expect(unknown.ok).toBe(false);
    expect(unknown.failure).toMatchObject({ kind: 'published', problem: 'snapshot_not_published' });
    const other = await verifyOnPage(proof, labelsOf({ [SNAPSHOT_ID]: { proof, rootHash: 'f'.repeat(64) } }), 'c1');
    expect(other.ok).toBe(false);
    expect(other.failure).toMatchObject({ kind: 'published', problem: 'root_not_published' });
  });

  it('fails a proof whose snapshot time is not the published one, however the same instant is written', async () => {
    const proof = proofOfFirst();
    const moved = await verifyOnPage(
      proof,
      labelsOf({ [SNAPSHOT_ID]: { proof, takenAt: '2020-01-01T00:00:00.000Z' } }),
      'c1',
    );
    expect(moved.ok).toBe(false);
    expect(moved.failure).toMatchObject({ kind: 'published', problem: 'time_not_published' });
    const sameInstant = new Date(proof.snapshot.takenAt).toISOString().replace('.000Z', 'Z');
    const rewritten = await verifyOnPage(proof, labelsOf({ [SNAPSHOT_ID]: { proof, takenAt: sameInstant } }), 'c1');
    expect(rewritten.ok).toBe(true);
  });

  it('does not look a snapshot up for a proof that fails its own steps', async () => {
    const proof = structuredClone(proofOfFirst()) as unknown as { balances: string[] };
    proof.balances[0] = '150000001';
    const published = labelsOf({ [SNAPSHOT_ID]: { proof: proofOfFirst() } });
    const verification = await verifyOnPage(proof, published, 'c1');
    expect(verification.ok).toBe(false);
    expect(verification.failure?.kind).not.toBe('published');
    expect(published.asked).toEqual([]);
  });
});
