import { describe, expect, it } from 'vitest';
import { AUDIT_SNAPSHOT_ID as SNAPSHOT_ID, twoCustomerProofs } from '../../../testing/audit-fixtures.ts';
import { verifyOnPage, type PublishedRoot } from './verify-proof.ts';

const proofOfFirst = () => twoCustomerProofs()[0];

/** A published-root lookup that records what it was asked. */
function rootsOf(published: Record<string, string>): PublishedRoot & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(
    async (id: string) => {
      asked.push(id);
      return published[id] ?? null;
    },
    { asked },
  );
}

describe("the page's proof verification", () => {
  it("passes a proof whose root is the one published under its snapshot's id, however old", async () => {
    const proof = proofOfFirst();
    const roots = rootsOf({ [SNAPSHOT_ID]: proof.snapshot.root.hash });
    const verification = await verifyOnPage(proof, roots, 'c1');
    expect(roots.asked).toEqual([SNAPSHOT_ID]);
    expect(verification.ok).toBe(true);
    expect(verification.failure).toBeNull();
    expect(verification.rows.at(-1)).toMatchObject({ kind: 'published', ok: true });
    expect(verification.balances).toEqual([{ asset: 'BTC', amount: '1.5' }]);
    expect(verification.owner).toBe('yours');
  });

  it("says whose proof it is: the signed-in customer's, another customer's, or unknown when nobody is signed in", async () => {
    const [first, second] = twoCustomerProofs();
    const roots = rootsOf({ [SNAPSHOT_ID]: first.snapshot.root.hash });
    const theirs = await verifyOnPage(first, roots, 'c2');
    expect(theirs).toMatchObject({ ok: true, owner: 'another', balances: [{ asset: 'BTC', amount: '1.5' }] });
    expect((await verifyOnPage(second, roots, 'c2')).owner).toBe('yours');
    expect((await verifyOnPage(first, roots, null)).owner).toBe('unknown');
  });

  it("cannot be made the reader's by writing their id into another customer's proof", async () => {
    const relabelled = { ...twoCustomerProofs()[0], customerId: 'c2' };
    const verification = await verifyOnPage(
      relabelled,
      rootsOf({ [SNAPSHOT_ID]: relabelled.snapshot.root.hash }),
      'c2',
    );
    expect(verification.ok).toBe(false);
    expect(verification.failure).toMatchObject({ kind: 'root', problem: 'root_hash_mismatch' });
  });

  it('fails a proof whose snapshot Rora never published, and one whose root differs from the published', async () => {
    const proof = proofOfFirst();
    const unknown = await verifyOnPage(proof, rootsOf({}), 'c1');
    expect(unknown.ok).toBe(false);
    expect(unknown.failure).toMatchObject({ kind: 'published', problem: 'snapshot_not_published' });
    const other = await verifyOnPage(proof, rootsOf({ [SNAPSHOT_ID]: 'f'.repeat(64) }), 'c1');
    expect(other.ok).toBe(false);
    expect(other.failure).toMatchObject({ kind: 'published', problem: 'root_not_published' });
  });

  it('does not look a snapshot up for a proof that fails its own steps', async () => {
    const proof = structuredClone(proofOfFirst()) as unknown as { balances: string[] };
    proof.balances[0] = '150000001';
    const roots = rootsOf({ [SNAPSHOT_ID]: proofOfFirst().snapshot.root.hash });
    const verification = await verifyOnPage(proof, roots, 'c1');
    expect(verification.ok).toBe(false);
    expect(verification.failure?.kind).not.toBe('published');
    expect(roots.asked).toEqual([]);
  });
});
