// A seeded pseudo-random generator (sfc32), so a devnet run with the same seed and the same calls
// produces the same blocks, fees and failures. Never used for keys or anything secret.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, maxExclusive). */
  int(maxExclusive: number): number;
  /** The generator's four words, kept with the devnet's state; `restore` continues exactly from them. */
  state(): RandomState;
  restore(state: RandomState): void;
}

export type RandomState = readonly [number, number, number, number];

export function createRandom(seed: string | number): Random {
  const bytes = sha256(utf8ToBytes(String(seed)));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let [a, b, c, d] = [view.getUint32(0), view.getUint32(4), view.getUint32(8), view.getUint32(12)];
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  return {
    next,
    int: (maxExclusive) => Math.floor(next() * maxExclusive),
    state: () => [a, b, c, d],
    restore(state) {
      if (state.length !== 4 || !state.every((word) => Number.isInteger(word))) {
        throw new Error('A devnet random state is four 32-bit words');
      }
      [a, b, c, d] = [state[0] | 0, state[1] | 0, state[2] | 0, state[3] | 0];
    },
  };
}
