// The Solana hot key in the signer (ADR 0050): a 64-byte ed25519 secret key (seed then public key),
// sealed like every key. It signs with the chains package's SolanaKeySigner (a System Program
// transfer from its own address and a memo naming the withdrawal), then decodes the wire transaction
// it is about to answer and refuses it unless its message does exactly that: this fee payer, two
// instructions, a transfer of the withdrawal's lamports from the hot address to its destination, and
// the memo of its id. Nothing else may ride along (another transfer, a close, a program call).
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
} from '@solana/kit';
import { SYSTEM_PROGRAM_ADDRESS, parseTransferSolInstruction } from '@solana-program/system';
import { MEMO_PROGRAM, SolanaKeySigner, parseSolanaSecretKey, type UnsignedTransaction } from '@rora/chains';
import type { KeyHolder, NetworkKind } from './keys.ts';
import { readingBack } from './read-back.ts';

/** The 64 bytes of a secret key text: base58, or solana-keygen's JSON array. */
export function solanaSecretFromText(text: string): Uint8Array {
  return parseSolanaSecretKey(text);
}

export function generateSolanaSecret(): Uint8Array {
  const seed = ed25519.utils.randomSecretKey();
  return new Uint8Array([...seed, ...ed25519.getPublicKey(seed)]);
}

export function solanaSecretAddress(secret: Uint8Array): string {
  return base58.encode(secret.slice(32));
}

type DecodedInstruction = Instruction & {
  readonly accounts?: readonly { readonly address: string }[];
  readonly data?: Uint8Array;
};

function decodedMessage(raw: string) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(raw));
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  return decompileTransactionMessage(compiled as Parameters<typeof decompileTransactionMessage>[0]);
}

/** The fields of the decoded transaction that differ from the withdrawal, by name. */
export function solanaWireDifferences(raw: string, transaction: UnsignedTransaction, payer: string): string[] {
  let message: ReturnType<typeof decodedMessage>;
  try {
    message = decodedMessage(raw);
  } catch {
    return ['encoding'];
  }
  const [transfer, memo, ...others] = message.instructions as readonly DecodedInstruction[];
  let parsed: { source: string; destination: string; amount: bigint } | null = null;
  if (transfer?.programAddress === SYSTEM_PROGRAM_ADDRESS && transfer.data && transfer.accounts) {
    try {
      const instruction = parseTransferSolInstruction(transfer as Parameters<typeof parseTransferSolInstruction>[0]);
      parsed = {
        source: instruction.accounts.source.address,
        destination: instruction.accounts.destination.address,
        amount: instruction.data.amount,
      };
    } catch {
      parsed = null;
    }
  }
  const memoText = memo?.data ? new TextDecoder().decode(memo.data) : null;
  return [
    message.feePayer.address === payer ? null : 'fee payer',
    parsed === null ? 'transfer' : null,
    parsed && parsed.source !== payer ? 'source account' : null,
    parsed && parsed.destination !== transaction.to ? 'destination' : null,
    parsed && parsed.amount !== transaction.amount ? 'amount' : null,
    memo?.programAddress === MEMO_PROGRAM && memoText === transaction.id ? null : 'memo',
    others.length === 0 ? null : 'instructions',
  ].filter((field) => field !== null);
}

export function solanaKeyHolder(kind: NetworkKind, secret: Uint8Array): KeyHolder {
  const inner = new SolanaKeySigner({ secretKey: base58.encode(secret) });
  const address = inner.addressFor('sol');
  const signer = readingBack(inner, 'Solana', (raw, transaction) => solanaWireDifferences(raw, transaction, address));
  // Base58 names one key: two spellings of an address are the same only when equal.
  return { network: 'sol', kind, address, signer, sameDestination: (a, b) => a.trim() === b.trim() && a.length > 0 };
}
