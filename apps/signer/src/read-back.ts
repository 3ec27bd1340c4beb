// What the XRP and Solana keys share (ADR 0050): the transaction a key signed is decoded again before
// it is recorded or answered, and refused unless it pays exactly the withdrawal asked for.
import type { Signer, UnsignedTransaction } from '@rora/chains';
import { SignerRefusal } from './refusal.ts';

/** `inner`, refusing any signature whose decoded transaction `differences` finds fields wrong in. */
export function readingBack(
  inner: Signer,
  chain: string,
  differences: (raw: string, transaction: UnsignedTransaction) => string[],
): Signer {
  return {
    addressFor: (network) => inner.addressFor(network),
    sign: async (transaction) => {
      const signed = await inner.sign(transaction);
      const wrong = differences(signed.raw, transaction);
      if (wrong.length > 0) {
        throw new SignerRefusal(
          'withdrawal_does_not_match',
          `The ${chain} transaction for ${transaction.id} differs from the withdrawal in its ${wrong.join(', ')}`,
        );
      }
      return signed;
    },
  };
}
