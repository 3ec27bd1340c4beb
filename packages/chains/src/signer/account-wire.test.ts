// The signer protocol for XRP and Solana withdrawals (ADR 0050): the expiry and the blockhash travel
// in the canonical text, and a Solana answer is base64 (its wire transaction), an XRP one hex.
import { describe, expect, it } from 'vitest';
import type { UnsignedTransaction } from '../adapter.ts';
import { decodeSigned, decodeUnsigned, encodeUnsigned } from './protocol.ts';

describe('the signer protocol with XRP and Solana withdrawals', () => {
  it('carries an XRP sequence, tag and last ledger, and a Solana blockhash and last valid height', () => {
    const xrp: UnsignedTransaction = {
      network: 'xrp',
      id: 'w-1',
      from: 'rHot',
      to: 'rOutside',
      amount: 25_000_000n,
      destinationTag: 4242,
      nonce: 7,
      feeRate: 12n,
      feeUnits: 1n,
      validUntil: 1_020,
    };
    const sol: UnsignedTransaction = {
      network: 'sol',
      id: 'w-2',
      from: 'Hot',
      to: 'Outside',
      amount: 500_000_000n,
      feeRate: 5_000n,
      feeUnits: 1n,
      validUntil: 300,
      recentBlockhash: 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N',
    };
    for (const transaction of [xrp, sol]) {
      expect(decodeUnsigned(JSON.parse(encodeUnsigned(transaction)))).toEqual(transaction);
    }
    expect(encodeUnsigned(xrp)).toContain('"validUntil":1020');
    expect(() => decodeUnsigned({ ...JSON.parse(encodeUnsigned(sol)), validUntil: -1 })).toThrow(/validUntil/);
    expect(() => decodeUnsigned({ ...JSON.parse(encodeUnsigned(sol)), recentBlockhash: '' })).toThrow(
      /recentBlockhash/,
    );
  });

  it('reads a Solana answer in base64 and an XRP one in hex, and nothing else for either', () => {
    const sol = { network: 'sol', id: 'w-2', txid: '5'.repeat(88), raw: 'AQAB+/Cd==' };
    expect(decodeSigned(sol)).toEqual(sol);
    expect(() => decodeSigned({ ...sol, raw: 'not base64!' })).toThrow(/raw transaction/);
    const xrp = { network: 'xrp', id: 'w-1', txid: 'AB'.repeat(32), raw: '1200002280000000' };
    expect(decodeSigned(xrp)).toEqual(xrp);
    expect(() => decodeSigned({ ...xrp, raw: 'AQAB+/Cd==' })).toThrow(/raw transaction/);
  });
});
