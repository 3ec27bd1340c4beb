// The one transaction Rora's Solana hot wallet makes: a System Program transfer of SOL from the hot
// address, with a memo naming the withdrawal (so two withdrawals of the same amount to the same
// address on the same blockhash are still two transactions, not one signature twice), on a recent
// blockhash whose last valid block height bounds its life. Built the same way for the fee question
// (getFeeForMessage, no key) and for signing.
import {
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransactionMessage,
  createNoopSigner,
  createTransactionMessage,
  getBase64Decoder,
  getCompiledTransactionMessageEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';

export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
/** Lamports an account with no data must keep to stay rent-exempt (the hot wallet never goes below). */
export const RENT_EXEMPT_MINIMUM = 890_880n;

export interface TransferSpec {
  readonly from: string;
  readonly to: string;
  readonly amount: bigint;
  readonly memo: string;
  readonly recentBlockhash: string;
  readonly lastValidBlockHeight: number;
}

export function transferMessage(spec: TransferSpec, payer: TransactionSigner = createNoopSigner(address(spec.from))) {
  const lifetime = {
    blockhash: blockhash(spec.recentBlockhash),
    lastValidBlockHeight: BigInt(spec.lastValidBlockHeight),
  };
  return pipe(
    createTransactionMessage({ version: 0 }),
    (message) => setTransactionMessageFeePayerSigner(payer, message),
    (message) => setTransactionMessageLifetimeUsingBlockhash(lifetime, message),
    (message) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({ source: payer, destination: address(spec.to), amount: lamports(spec.amount) }),
          { programAddress: address(MEMO_PROGRAM), data: new TextEncoder().encode(spec.memo) },
        ],
        message,
      ),
  );
}

/** The compiled message, base64, as getFeeForMessage takes it. */
export function encodedMessage(spec: TransferSpec): string {
  const compiled = compileTransactionMessage(transferMessage(spec));
  return getBase64Decoder().decode(getCompiledTransactionMessageEncoder().encode(compiled));
}
