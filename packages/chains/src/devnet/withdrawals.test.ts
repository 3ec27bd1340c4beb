import { describe, expect, it } from 'vitest';
import type { ChainEvent, UnsignedTransaction } from '../adapter.ts';
import { isChainError } from '../errors.ts';
import { CHAIN_IDS, type NetworkId } from '../networks.ts';
import { DEVNET_HOT_WALLET_FUNDING } from './defaults.ts';
import { createDevnet, type DevnetOptions } from './devnet.ts';
import { DevnetSigner } from './signer.ts';

const clock = { now: () => new Date('2026-01-01T00:00:00Z') };
const QUIET = Object.fromEntries(CHAIN_IDS.map((id) => [id, { trafficPerBlock: 0 }])) as DevnetOptions['chains'];
const ETH_RECIPIENT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BTC_RECIPIENT = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const XRP_RECIPIENT = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

function quietDevnet(options: DevnetOptions = {}) {
  return createDevnet({ clock, chains: QUIET, ...options });
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (isChainError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

function syncCodeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isChainError(error)) return error.code;
    throw error;
  }
  return 'no error';
}

describe('devnet withdrawals', () => {
  it('sends ETH from the hot wallet, charging amount plus fee, and reports it as outgoing', async () => {
    const devnet = quietDevnet();
    const eth = devnet.adapter('eth');
    const hot = devnet.signer.addressFor('eth');
    const start = devnet.balanceOf('eth', hot);
    const events: ChainEvent[] = [];
    eth.subscribe((event) => events.push(event));
    const sent = await eth.broadcast({
      id: 'w-1',
      to: ETH_RECIPIENT.toLowerCase(),
      amount: 10n ** 18n,
      priority: 'normal',
    });
    expect(sent.txid).toMatch(/^0x[0-9a-f]{64}$/);
    expect(sent).toMatchObject({ status: 'pending', feeAsset: 'ETH' });
    devnet.mineBlocks('eth', 12);
    expect(await eth.getTransaction(sent.txid)).toMatchObject({
      status: 'confirmed',
      to: ETH_RECIPIENT,
      from: hot,
      withdrawalId: 'w-1',
      fee: sent.fee,
    });
    expect(devnet.balanceOf('eth', hot)).toBe(start - 10n ** 18n - sent.fee);
    expect(devnet.balanceOf('eth', ETH_RECIPIENT)).toBe(10n ** 18n);
    const outgoing = events.flatMap((event) => (event.type === 'transfer' ? [event] : []));
    expect(outgoing.every((event) => event.direction === 'outgoing')).toBe(true);
    expect(outgoing.map((event) => event.transaction.status)).toEqual([
      'pending',
      ...Array(11).fill('confirming'),
      'confirmed',
    ]);
    expect(eth.transactionUrl(sent.txid)).toBe(`https://etherscan.io/tx/${sent.txid}`);
  });

  it('pays an ERC-20 withdrawal in the token and its fee in ETH', async () => {
    const devnet = quietDevnet();
    const usdt = devnet.adapter('usdt-erc20');
    const hot = devnet.signer.addressFor('usdt-erc20');
    const [tokenStart, ethStart] = [devnet.balanceOf('usdt-erc20', hot), devnet.balanceOf('eth', hot)];
    const sent = await usdt.broadcast({ id: 'w-usdt', to: ETH_RECIPIENT, amount: 250_000_000n, priority: 'fast' });
    expect(sent.fee).toBe((await usdt.estimateFee({ amount: 1n, priority: 'fast' })).fee);
    devnet.mineBlock('eth');
    expect(devnet.balanceOf('usdt-erc20', hot)).toBe(tokenStart - 250_000_000n);
    expect(devnet.balanceOf('eth', hot)).toBe(ethStart - sent.fee);
    expect(devnet.balanceOf('usdt-erc20', ETH_RECIPIENT)).toBe(250_000_000n);
    expect(devnet.balanceOf('eth', ETH_RECIPIENT)).toBe(0n);
  });

  it('broadcasts once per id: a retry, even a concurrent one, returns the same transaction', async () => {
    const devnet = quietDevnet();
    const btc = devnet.adapter('btc');
    const request = { id: 'w-2', to: BTC_RECIPIENT, amount: 50_000n, priority: 'slow' } as const;
    const [first, second] = await Promise.all([btc.broadcast(request), btc.broadcast({ ...request })]);
    expect(second.txid).toBe(first.txid);
    expect(devnet.chain('btc').mempoolSize).toBe(1);
    // Fees move between the tries, so a second signing would make another transaction.
    for (let i = 0; i < 60; i += 1)
      devnet.fundAddress({ network: 'btc', address: btc.deriveAddress(i).address, amount: 1n });
    const third = await btc.broadcast(request);
    expect(third.txid).toBe(first.txid);
    devnet.mineBlocks('btc', 4);
    expect((await btc.broadcast(request)).txid).toBe(first.txid);
    expect(devnet.chain('btc').mempoolSize).toBe(0);
    const hot = devnet.signer.addressFor('btc');
    expect(devnet.balanceOf('btc', hot)).toBe(DEVNET_HOT_WALLET_FUNDING.btc - 50_000n - first.fee);
  });

  it('refuses the same id with different details', async () => {
    const btc = quietDevnet().adapter('btc');
    await btc.broadcast({ id: 'w-3', to: BTC_RECIPIENT, amount: 50_000n, priority: 'slow' });
    expect(await codeOf(btc.broadcast({ id: 'w-3', to: BTC_RECIPIENT, amount: 50_001n, priority: 'slow' }))).toBe(
      'broadcast_id_reused_with_different_request',
    );
  });

  it('lets a request refused before broadcast be retried under the same id', async () => {
    const devnet = quietDevnet();
    const btc = devnet.adapter('btc');
    const typo = BTC_RECIPIENT.replace('cr8te', 'cr8ta');
    expect(await codeOf(btc.broadcast({ id: 'w-4', to: typo, amount: 1n, priority: 'slow' }))).toBe(
      'address_checksum_is_invalid',
    );
    expect(await codeOf(btc.broadcast({ id: 'w-4', to: ETH_RECIPIENT, amount: 1n, priority: 'slow' }))).toBe(
      'address_is_not_valid_for_network',
    );
    const sent = await btc.broadcast({ id: 'w-4', to: BTC_RECIPIENT, amount: 1n, priority: 'slow' });
    expect(sent.status).toBe('pending');
    expect(await codeOf(btc.broadcast({ id: 'w-5', to: BTC_RECIPIENT, amount: 0n, priority: 'slow' }))).toBe(
      'amount_must_be_positive',
    );
  });

  it('refuses what the hot wallet cannot cover, counting pending withdrawals', async () => {
    const devnet = quietDevnet({ hotWalletFunding: { btc: 100_000n } });
    const btc = devnet.adapter('btc');
    await btc.broadcast({ id: 'a', to: BTC_RECIPIENT, amount: 60_000n, priority: 'slow' });
    expect(await codeOf(btc.broadcast({ id: 'b', to: BTC_RECIPIENT, amount: 60_000n, priority: 'slow' }))).toBe(
      'hot_wallet_balance_is_insufficient',
    );
    const usdtOnly = quietDevnet({ hotWalletFunding: { eth: 0n } }).adapter('usdt-erc20');
    expect(await codeOf(usdtOnly.broadcast({ id: 'c', to: ETH_RECIPIENT, amount: 1n, priority: 'slow' }))).toBe(
      'hot_wallet_balance_is_insufficient',
    );
  });

  it('needs a destination tag to send XRP to an exchange omnibus address', async () => {
    const devnet = quietDevnet({ taggedAddresses: [XRP_RECIPIENT] });
    const xrp = devnet.adapter('xrp');
    const omnibus = xrp.deriveAddress(0).address;
    expect(await xrp.validateAddress(omnibus)).toMatchObject({ ok: false, code: 'destination_tag_required' });
    expect(await codeOf(xrp.broadcast({ id: 'x-1', to: XRP_RECIPIENT, amount: 1_000_000n, priority: 'normal' }))).toBe(
      'destination_tag_required',
    );
    const sent = await xrp.broadcast({
      id: 'x-2',
      to: XRP_RECIPIENT,
      amount: 1_000_000n,
      destinationTag: 9,
      priority: 'normal',
    });
    devnet.mineBlock('xrp');
    expect(await xrp.getTransaction(sent.txid)).toMatchObject({ status: 'confirmed', destinationTag: 9 });
    expect(sent.txid).toMatch(/^[0-9A-F]{64}$/);
  });
});

describe('devnet failures', () => {
  it('reverts an EVM transaction in a block: the fee is paid, the amount stays', async () => {
    const devnet = quietDevnet();
    const eth = devnet.adapter('eth');
    const hot = devnet.signer.addressFor('eth');
    const start = devnet.balanceOf('eth', hot);
    const sent = await eth.broadcast({
      id: 'f-1',
      to: ETH_RECIPIENT,
      amount: 1_666_000_000_000_000_000n,
      priority: 'fast',
    });
    const block = devnet.mineBlock('eth');
    expect(block.txids).toEqual([sent.txid]);
    expect(await eth.getTransaction(sent.txid)).toMatchObject({
      status: 'failed',
      failureReason: 'simulated_failure_marker_amount',
      fee: sent.fee,
      blockHeight: 1,
    });
    expect(devnet.balanceOf('eth', hot)).toBe(start - sent.fee);
    expect(devnet.balanceOf('eth', ETH_RECIPIENT)).toBe(0n);
    // The failed transaction used its nonce: the next withdrawal still goes through.
    const next = await eth.broadcast({ id: 'f-2', to: ETH_RECIPIENT, amount: 1n, priority: 'fast' });
    devnet.mineBlock('eth');
    expect((await eth.getTransaction(next.txid))?.status).toBe('confirming');
  });

  it('drops a failing Bitcoin transaction from the mempool: no block, no fee, no balance change', async () => {
    const devnet = quietDevnet();
    const btc = devnet.adapter('btc');
    const hot = devnet.signer.addressFor('btc');
    const start = devnet.balanceOf('btc', hot);
    const sent = await btc.broadcast({ id: 'f-3', to: BTC_RECIPIENT, amount: 66_600n, priority: 'fast' });
    const block = devnet.mineBlock('btc');
    expect(block.txids).toEqual([]);
    expect(await btc.getTransaction(sent.txid)).toMatchObject({ status: 'failed', fee: 0n, confirmations: 0 });
    expect(devnet.balanceOf('btc', hot)).toBe(start);
    // The dropped transaction's reservation is released: the whole balance can be spent again.
    const { fee } = await btc.estimateFee({ amount: 1n, priority: 'slow' });
    const again = await btc.broadcast({ id: 'f-4', to: BTC_RECIPIENT, amount: start - fee, priority: 'slow' });
    devnet.mineBlock('btc');
    expect(devnet.balanceOf('btc', hot)).toBe(0n);
    expect((await btc.getTransaction(again.txid))?.status).toBe('confirming');
  });

  it('fails a deposit with the marker amount, which is never credited', () => {
    const devnet = quietDevnet();
    const address = devnet.adapter('sol').deriveAddress(0).address;
    const sent = devnet.fundAddress({ network: 'sol', address, amount: 6_660_000_000n });
    devnet.mineBlocks('sol', 40);
    expect(devnet.balanceOf('sol', address)).toBe(0n);
    expect(devnet.chain('sol').record(sent.txid)?.state).toBe('failed');
  });

  it('fails transactions at random with a seeded probability, the same ones for the same seed', () => {
    const outcomes = (seed: string): string[] => {
      const devnet = quietDevnet({ seed, failureProbability: 0.5 });
      const xrp = devnet.adapter('xrp');
      const sent = Array.from({ length: 40 }, (_, i) => {
        const deposit = xrp.deriveAddress(i);
        return devnet.fundAddress({
          network: 'xrp',
          address: deposit.address,
          amount: 1_000n + BigInt(i),
          destinationTag: deposit.destinationTag,
        });
      });
      devnet.mineBlocks('xrp', 2);
      return sent.map((tx) => devnet.chain('xrp').record(tx.txid)?.state ?? 'missing');
    };
    const first = outcomes('seed-1');
    const failed = first.filter((state) => state === 'failed').length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
    expect(first.filter((state) => state === 'included').length).toBe(40 - failed);
    expect(outcomes('seed-1')).toEqual(first);
    expect(outcomes('seed-2')).not.toEqual(first);
  });
});

describe('devnet replacement (EVM speed-up)', () => {
  it('replaces a pending withdrawal with the same nonce and a higher fee; only the replacement is mined', async () => {
    const devnet = quietDevnet();
    const eth = devnet.adapter('eth');
    const hot = devnet.signer.addressFor('eth');
    const start = devnet.balanceOf('eth', hot);
    const events: ChainEvent[] = [];
    eth.subscribe((event) => events.push(event));
    const slow = await eth.broadcast({ id: 'r-1', to: ETH_RECIPIENT, amount: 5n, priority: 'slow' });
    const fast = await eth.broadcast({
      id: 'r-1-speedup',
      to: ETH_RECIPIENT,
      amount: 5n,
      priority: 'slow',
      replaces: slow.txid,
    });
    expect(fast.fee * 10n).toBeGreaterThanOrEqual(slow.fee * 11n);
    expect(await eth.getTransaction(slow.txid)).toMatchObject({ status: 'replaced', replacedBy: fast.txid });
    const block = devnet.mineBlock('eth');
    expect(block.txids).toEqual([fast.txid]);
    expect(devnet.balanceOf('eth', hot)).toBe(start - 5n - fast.fee);
    const statuses = events.flatMap((event) =>
      event.type === 'transfer' ? [[event.transaction.txid, event.transaction.status]] : [],
    );
    expect(statuses).toContainEqual([slow.txid, 'replaced']);
  });

  it('refuses a replacement that is not a pending EVM withdrawal of the same transfer', async () => {
    const devnet = quietDevnet();
    const eth = devnet.adapter('eth');
    const sent = await eth.broadcast({ id: 'r-2', to: ETH_RECIPIENT, amount: 5n, priority: 'slow' });
    expect(
      await codeOf(eth.broadcast({ id: 'r-3', to: ETH_RECIPIENT, amount: 6n, priority: 'fast', replaces: sent.txid })),
    ).toBe('transaction_is_not_replaceable');
    devnet.mineBlock('eth');
    expect(
      await codeOf(eth.broadcast({ id: 'r-4', to: ETH_RECIPIENT, amount: 5n, priority: 'fast', replaces: sent.txid })),
    ).toBe('transaction_is_not_replaceable');
    const btc = devnet.adapter('btc');
    const btcSent = await btc.broadcast({ id: 'r-5', to: BTC_RECIPIENT, amount: 5n, priority: 'slow' });
    expect(
      await codeOf(
        btc.broadcast({ id: 'r-6', to: BTC_RECIPIENT, amount: 5n, priority: 'fast', replaces: btcSent.txid }),
      ),
    ).toBe('replacement_is_not_supported');
  });

  it('refuses a replacement that does not pay 10% more', async () => {
    const devnet = quietDevnet();
    const eth = devnet.adapter('eth');
    const sent = await eth.broadcast({ id: 'r-7', to: ETH_RECIPIENT, amount: 5n, priority: 'slow' });
    const original = devnet.chain('eth').record(sent.txid)!;
    const cheap: UnsignedTransaction = {
      network: 'eth',
      id: 'r-8',
      from: original.from,
      to: original.to,
      amount: original.amount,
      nonce: original.nonce as number,
      feeRate: original.feeRate + 1n,
      feeUnits: 21_000n,
    };
    const signed = await devnet.signer.sign(cheap);
    expect(syncCodeOf(() => devnet.chain('eth').submitSigned(signed, sent.txid))).toBe('replacement_fee_is_too_low');
    expect(devnet.chain('eth').record(sent.txid)?.state).toBe('pending');
  });
});

describe('devnet signatures', () => {
  const unsigned = (network: NetworkId, from: string): UnsignedTransaction => ({
    network,
    id: 's-1',
    from,
    to: BTC_RECIPIENT,
    amount: 1_000n,
    feeRate: 10n,
    feeUnits: 141n,
  });

  it('refuses a transaction altered after signing or signed with another key', async () => {
    const devnet = quietDevnet();
    const chain = devnet.chain('btc');
    const signed = await devnet.signer.sign(unsigned('btc', devnet.signer.addressFor('btc')));
    const raw = Buffer.from(signed.raw, 'hex').toString('utf8').replace('"amount":"1000"', '"amount":"9000"');
    const altered = { ...signed, raw: Buffer.from(raw, 'utf8').toString('hex') };
    expect(syncCodeOf(() => chain.submitSigned(altered))).toBe('transaction_signature_is_invalid');
    const stranger = new DevnetSigner({ key: 'someone-else', hotWallets: { btc: devnet.signer.addressFor('btc') } });
    const forged = await stranger.sign(unsigned('btc', devnet.signer.addressFor('btc')));
    expect(syncCodeOf(() => chain.submitSigned(forged))).toBe('transaction_signature_is_invalid');
    expect(chain.submitSigned(signed).txid).toBe(signed.txid);
  });

  it('refuses a transaction spending from an address the signer does not hold', async () => {
    const devnet = quietDevnet();
    const signed = await devnet.signer.sign(unsigned('btc', BTC_RECIPIENT));
    expect(syncCodeOf(() => devnet.chain('btc').submitSigned(signed))).toBe('transaction_signature_is_invalid');
  });

  it('answers null for an unknown txid or one of another network', async () => {
    const devnet = quietDevnet();
    const sent = await devnet.adapter('eth').broadcast({ id: 's-2', to: ETH_RECIPIENT, amount: 1n, priority: 'slow' });
    expect(await devnet.adapter('usdt-erc20').getTransaction(sent.txid)).toBeNull();
    expect(await devnet.adapter('eth').getTransaction('0xnope')).toBeNull();
  });
});
