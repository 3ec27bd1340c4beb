import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { evmAddressFromPublicKey, signMessage } from '@rora/chains';
import type { LiabilityProof, ReserveAddress } from './proof.ts';
import { checkReserve, provenReserves } from './signatures.ts';
import { ownershipMessage, type SnapshotLabel } from './snapshot-label.ts';

const label: SnapshotLabel = {
  id: '0193a0c4-5b1e-7c2d-9e3f-4a5b6c7d8e9f',
  takenAt: '2026-12-01T00:00:00.000Z',
  rootHash: 'ab'.repeat(32),
};
/** Only the snapshot's label is read by the reserve check. */
const proof = {
  snapshot: { id: label.id, takenAt: label.takenAt, root: { hash: label.rootHash, sums: [] } },
} as unknown as LiabilityProof;

const newAddress = () => {
  const privateKey = secp256k1.utils.randomSecretKey();
  return { privateKey, address: evmAddressFromPublicKey(secp256k1.getPublicKey(privateKey, true)) };
};

/** A reserve of `owned`'s address whose message (`message`) that address's key signed. */
function reserveSigning(owned: ReturnType<typeof newAddress>, message: string): ReserveAddress {
  const signed = signMessage({ chain: 'eth', address: owned.address, privateKey: owned.privateKey, message });
  return { asset: 'ETH', network: 'eth', address: owned.address, role: 'hot', balance: '5', message, ...signed };
}

describe('a reserve address in a proof', () => {
  it("counts when it signed this snapshot's message for itself", () => {
    const owned = newAddress();
    const check = checkReserve(proof, reserveSigning(owned, ownershipMessage(label, { ...owned, network: 'eth' })));
    expect(check).toMatchObject({ ok: true, problem: null });
  });

  it('does not count with a message it signed for another address, or with more in it', () => {
    const [owned, other] = [newAddress(), newAddress()];
    const forOther = ownershipMessage(label, { address: other.address, network: 'eth' });
    expect(checkReserve(proof, reserveSigning(owned, forOther)).problem).toBe('message_names_another_address');
    const padded = `${ownershipMessage(label, { ...owned, network: 'eth' })}\nAlso: another exchange's reserves`;
    expect(checkReserve(proof, reserveSigning(owned, padded)).problem).toBe('message_names_another_address');
  });

  it("does not count with another snapshot's message, whichever of its id, time or root differs", () => {
    const owned = newAddress();
    for (const changed of [{ id: 'another' }, { takenAt: '2026-12-02T00:00:00.000Z' }, { rootHash: 'cd'.repeat(32) }]) {
      const message = ownershipMessage({ ...label, ...changed }, { ...owned, network: 'eth' });
      expect(checkReserve(proof, reserveSigning(owned, message)).problem).toBe('message_names_another_snapshot');
    }
  });

  it('does not count with a signature another key made', () => {
    const [owned, forger] = [newAddress(), newAddress()];
    const message = ownershipMessage(label, { ...owned, network: 'eth' });
    const forged = { ...reserveSigning(forger, message), address: owned.address };
    expect(checkReserve(proof, forged).problem).toBe('signature_invalid');
  });

  it('counts an address listed twice once', () => {
    const owned = newAddress();
    const reserve = reserveSigning(owned, ownershipMessage(label, { ...owned, network: 'eth' }));
    const checks = [reserve, reserve, { ...reserve }].map((each) => checkReserve(proof, each));
    expect(checks.every((check) => check.ok)).toBe(true);
    expect(provenReserves(checks)).toEqual(new Map([['ETH', 5n]]));
  });
});
