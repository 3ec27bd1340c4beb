// Which of the hot wallet's coins pay a withdrawal, and what it costs. Pure: the adapter gives the
// spendable coins, the amount, the fee rate and the recipient's output size; the answer is the inputs,
// the fee and the change, or null when the coins do not cover amount + fee.
//
// Sizes are for native SegWit (P2WPKH) inputs with the largest signature (72 bytes), so the fee paid
// is never below the rate asked: a 1-input, 2-output transfer is 141 vB, as the node measures it.

export interface Coin {
  readonly txid: string;
  readonly vout: number;
  readonly amount: bigint;
}

export interface CoinSelection {
  readonly inputs: readonly Coin[];
  readonly fee: bigint;
  /** Zero when the remainder would be dust: it is left to the miner instead. */
  readonly change: bigint;
  readonly vsize: number;
}

/** Weight units: version, locktime, input and output counts (40) plus the SegWit marker and flag (2). */
const OVERHEAD_WU = 42;
/** Outpoint, empty script, sequence (164) plus the witness: signature and compressed key (108). */
const P2WPKH_INPUT_WU = 272;
/** A P2WPKH output: amount, script length, 22-byte script. */
export const P2WPKH_OUTPUT_BYTES = 31;
/** Change below this is not worth an output (spending it would cost more than it holds). */
export const DUST_LIMIT = 1_000n;

export function transactionVsize(inputCount: number, outputBytes: readonly number[]): number {
  const outputsWu = outputBytes.reduce((sum, bytes) => sum + bytes * 4, 0);
  return Math.ceil((OVERHEAD_WU + P2WPKH_INPUT_WU * inputCount + outputsWu) / 4);
}

/** An output's size in bytes from its script's length: amount (8), length (1), script. */
export function outputBytes(scriptLength: number): number {
  return 9 + scriptLength;
}

/**
 * Largest coins first until amount + fee is covered (fewest inputs, so the lowest fee now; the
 * sweeps will consolidate small coins when fees are low). Ties break by outpoint, so the same coins
 * give the same choice.
 */
export function selectCoins(
  coins: readonly Coin[],
  request: { readonly amount: bigint; readonly feeRate: bigint; readonly recipientBytes: number },
): CoinSelection | null {
  const sorted = [...coins].sort((a, b) =>
    a.amount === b.amount ? outpoint(a).localeCompare(outpoint(b)) : a.amount > b.amount ? -1 : 1,
  );
  const inputs: Coin[] = [];
  let total = 0n;
  for (const coin of sorted) {
    inputs.push(coin);
    total += coin.amount;
    const withChange = transactionVsize(inputs.length, [request.recipientBytes, P2WPKH_OUTPUT_BYTES]);
    const feeWithChange = BigInt(withChange) * request.feeRate;
    const change = total - request.amount - feeWithChange;
    if (change >= DUST_LIMIT) return { inputs, fee: feeWithChange, change, vsize: withChange };
    const alone = transactionVsize(inputs.length, [request.recipientBytes]);
    if (total - request.amount >= BigInt(alone) * request.feeRate) {
      return { inputs, fee: total - request.amount, change: 0n, vsize: alone };
    }
  }
  return null;
}

export function outpoint(coin: Pick<Coin, 'txid' | 'vout'>): string {
  return `${coin.txid}:${coin.vout}`;
}
