// A deposit from outside pays the fee a wallet's estimate gives for its priority. After stretches of
// blocks mined back to back, the background traffic can keep a 'normal' deposit out of 20 blocks
// (seeds 67 and 78 of 600 such histories did, as the e2e faucet's deposits did now and then); at
// 'fast', which the sandbox faucet pays, it is at least 12 blocks deep after 20 in every one.
import { describe, expect, it } from 'vitest';
import type { FeePriority } from '../adapter.ts';
import { createDevnet } from './devnet.ts';

/** A deposit's confirmations after 20 blocks, on a chain busy with `bursts` rounds of 20. */
async function depthAfterBusyStretch(seed: string, bursts: number, priority: FeePriority): Promise<number> {
  const devnet = createDevnet({ seed });
  const usdt = devnet.adapter('usdt-erc20');
  for (let round = 0; round < bursts; round += 1) {
    devnet.fundAddress({
      network: 'usdt-erc20',
      address: usdt.deriveAddress(1000 + round).address,
      amount: 1_000_000n,
    });
    devnet.mineBlocks('usdt-erc20', 20);
  }
  const address = usdt.deriveAddress(1).address;
  const sent = devnet.fundAddress({ network: 'usdt-erc20', address, amount: 100_000_000n, priority });
  devnet.mineBlocks('usdt-erc20', 20);
  return (await usdt.getTransaction(sent.txid))?.confirmations ?? 0;
}

describe('a deposit from outside', () => {
  it.each([
    ['probe-67', 7],
    ['probe-78', 3],
  ])('at the fast rate is 12 blocks deep after 20 on a busy chain (seed %s)', async (seed, bursts) => {
    expect(await depthAfterBusyStretch(seed, bursts, 'fast')).toBeGreaterThanOrEqual(12);
  });

  it('at the normal rate can be held out of those 20 blocks by the fee market', async () => {
    expect(await depthAfterBusyStretch('probe-67', 7, 'normal')).toBeLessThan(12);
  });
});
