// An EVM withdrawal crosses the signer protocol whole: the nonce, the contract and the EIP-1559 tip
// come back as they were sent (a tip dropped on the way would have the signer sign a legacy price).
import { describe, expect, it } from 'vitest';
import type { UnsignedTransaction } from '../adapter.ts';
import { decodeSigned, decodeUnsigned, encodeUnsigned } from '../signer/protocol.ts';

describe('the signer protocol with an EVM withdrawal', () => {
  it('keeps the nonce, the token contract and the tip', () => {
    const transaction: UnsignedTransaction = {
      network: 'usdt-erc20',
      id: 'w-1',
      from: '0x1111111111111111111111111111111111111111',
      to: '0x2222222222222222222222222222222222222222',
      amount: 5_000_000n,
      contract: '0x3333333333333333333333333333333333333333',
      nonce: 7,
      feeRate: 42_000_000_000n,
      feeUnits: 60_000n,
      priorityFeeRate: 2_000_000_000n,
    };
    expect(decodeUnsigned(JSON.parse(encodeUnsigned(transaction)))).toEqual(transaction);
  });

  it('reads a signed EVM transaction: 0x-prefixed raw hex, a 0x txid', () => {
    const signed = { network: 'eth', id: 'w-2', txid: `0x${'ab'.repeat(32)}`, raw: '0x02f86c827a69' };
    expect(decodeSigned(signed)).toEqual(signed);
    expect(() => decodeSigned({ ...signed, raw: '0x' })).toThrow(/raw transaction/);
    expect(() => decodeSigned({ ...signed, raw: '0xzz' })).toThrow(/raw transaction/);
  });
});
