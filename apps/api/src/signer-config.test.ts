// Configuration of the signer process on the API's side (ADR 0041, 0050): production accepts every
// chain read through a node (Bitcoin, Litecoin, Ethereum, BNB Smart Chain, XRP, Solana) once it signs
// through the signer, and refuses a hot key in the API, a signer without its secret, and a signer that is not on loopback.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { PRODUCTION_ENV } from './testing/production-env.ts';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message.split('\n').slice(1);
  }
  return [];
}
const named = (lines: string[], name: string) => lines.filter((line) => line.trim().startsWith(`${name}:`));

// Bitcoin Core and Litecoin Core answer in clear text: their nodes sit on the private network, here
// under service names (production refuses http:// off it, ADR 0076).
const NODES = {
  CHAINS_BTC: 'rpc',
  CHAINS_BTC_RPC_URL: 'http://rora:password@bitcoind:8332',
  CHAINS_BTC_HOT_ADDRESS: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  CHAINS_LTC: 'rpc',
  CHAINS_LTC_RPC_URL: 'http://rora:password@litecoind:9332',
  CHAINS_LTC_HOT_ADDRESS: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9',
  SIGNER_URL: 'http://127.0.0.1:4100',
  SIGNER_SECRET: 'a-production-signer-secret-0123456789',
};

const EVM_NODES = {
  CHAINS_ETH: 'rpc',
  CHAINS_ETH_RPC_URL: 'https://eth.internal:8545',
  CHAINS_ETH_CHAIN_ID: '1',
  CHAINS_ETH_HOT_ADDRESS: '0x52908400098527886E0F7030069857D2E4169EE7',
  CHAINS_BSC: 'rpc',
  CHAINS_BSC_RPC_URL: 'https://bsc.internal:8545',
  CHAINS_BSC_CHAIN_ID: '56',
  CHAINS_BSC_HOT_ADDRESS: '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
};

const ACCOUNT_NODES = {
  CHAINS_XRP: 'rpc',
  CHAINS_XRP_RPC_URL: 'https://xrp.internal:51234',
  CHAINS_XRP_HOT_ADDRESS: 'rH1ZPbRKHfYKHoTeDq6mcxfsyGVKixsKJ8',
  CHAINS_SOL: 'rpc',
  CHAINS_SOL_RPC_URL: 'https://sol.internal:8899',
  CHAINS_SOL_HOT_ADDRESS: '3ajdg3e4pdH69AihWzdngj6sC9Qb8WUTNzCiJXj8FK6K',
};

describe('the signer in the configuration', () => {
  it('lets production read every chain through nodes that sign through the signer: no chain left simulated', () => {
    const lines = problems({ ...PRODUCTION_ENV, ...NODES, ...EVM_NODES, ...ACCOUNT_NODES });
    expect(lines.filter((line) => /CHAINS_|SIGNER/.test(line.split(':')[0]!))).toEqual([]);
    expect(named(lines, 'CHAIN_ADAPTER')).toEqual([]);
  });

  it('refuses an XRP or Solana hot key beside the signer, and asks for their hot wallet addresses', () => {
    const keys = { CHAINS_XRP_HOT_KEY: 'sEdSecretSeed', CHAINS_SOL_HOT_KEY: 'solana-secret' };
    const beside = problems({ ...NODES, ...ACCOUNT_NODES, ...keys });
    expect(named(beside, 'CHAINS_XRP_HOT_KEY')[0]).toContain('no hot key in the API');
    expect(named(beside, 'CHAINS_SOL_HOT_KEY')[0]).toContain('no hot key in the API');
    expect(beside.join('\n')).not.toMatch(/sEdSecretSeed|solana-secret/);
    const { CHAINS_XRP_HOT_ADDRESS: _xrp, CHAINS_SOL_HOT_ADDRESS: _sol, ...noAddresses } = ACCOUNT_NODES;
    const lines = problems({ ...NODES, ...noAddresses });
    expect(named(lines, 'CHAINS_XRP_HOT_ADDRESS')[0]).toContain('required with CHAINS_XRP=rpc');
    expect(named(lines, 'CHAINS_SOL_HOT_ADDRESS')[0]).toContain('required with CHAINS_SOL=rpc');
  });

  it('lets production read Ethereum and BNB Smart Chain through nodes that sign through the signer', () => {
    const lines = problems({ ...PRODUCTION_ENV, ...NODES, ...EVM_NODES });
    expect(lines.filter((line) => /CHAINS_(BTC|LTC|ETH|BSC)|SIGNER/.test(line.split(':')[0]!))).toEqual([]);
    const [chains] = named(lines, 'CHAIN_ADAPTER');
    expect(chains).toContain('simulates XRP, SOL');
    expect(chains).not.toMatch(/BTC|LTC|ETH|BSC/);
  });

  it('refuses an EVM hot key beside the signer, and asks for the EVM hot wallet address', () => {
    const key = { CHAINS_ETH_HOT_KEY: `0x${'5e'.repeat(32)}` };
    const beside = problems({ ...NODES, ...EVM_NODES, ...key });
    expect(named(beside, 'CHAINS_ETH_HOT_KEY')[0]).toContain('no hot key in the API');
    expect(named(problems({ ...PRODUCTION_ENV, ...key }), 'CHAINS_ETH_HOT_KEY')[0]).toContain(
      'keys belong to the signer process',
    );
    const { CHAINS_BSC_HOT_ADDRESS: _address, ...noAddress } = EVM_NODES;
    expect(named(problems({ ...NODES, ...noAddress }), 'CHAINS_BSC_HOT_ADDRESS')[0]).toContain(
      'required with CHAINS_BSC=rpc',
    );
    const notAnAddress = problems({ ...NODES, ...EVM_NODES, CHAINS_ETH_HOT_ADDRESS: 'vitalik.eth' });
    expect(named(notAnAddress, 'CHAINS_ETH_HOT_ADDRESS')[0]).toContain('20-byte hex address');
  });

  it('lets production read Bitcoin and Litecoin through nodes that sign through the signer', () => {
    const lines = problems({ ...PRODUCTION_ENV, ...NODES });
    expect(lines.filter((line) => /CHAINS_(BTC|LTC)|SIGNER/.test(line.split(':')[0]!))).toEqual([]);
    // The other chains are still simulated, and named.
    const [chains] = named(lines, 'CHAIN_ADAPTER');
    expect(chains).toContain('simulates ETH, BSC, XRP, SOL');
    expect(chains).not.toMatch(/BTC|LTC/);
  });

  it('names the simulated chains and how to make each real', () => {
    const [chains] = named(problems(PRODUCTION_ENV), 'CHAIN_ADAPTER');
    expect(chains).toContain('simulates BTC, LTC, ETH, BSC, XRP, SOL');
    expect(chains).toContain(
      'set CHAINS_BTC=rpc; set CHAINS_LTC=rpc; set CHAINS_ETH=rpc; set CHAINS_BSC=rpc; set CHAINS_XRP=rpc; set CHAINS_SOL=rpc',
    );
  });

  it('refuses a hot key in the API process in production, and beside a signer anywhere', () => {
    const { SIGNER_URL: _url, SIGNER_SECRET: _secret, ...withoutSigner } = NODES;
    const hotKey = { CHAINS_LTC_HOT_KEY: 'cTestWifKeyOfTheApiProcess' };
    expect(named(problems({ ...PRODUCTION_ENV, ...withoutSigner, ...hotKey }), 'CHAINS_LTC_HOT_KEY')[0]).toContain(
      'keys belong to the signer process',
    );
    expect(named(problems({ ...NODES, ...hotKey }), 'CHAINS_LTC_HOT_KEY')[0]).toContain('no hot key in the API');
    expect(named(problems(withoutSigner), 'CHAINS_LTC_HOT_KEY')[0]).toContain('or SIGNER_URL');
  });

  it('refuses a signer without its secret, with a short one, or off loopback', () => {
    const { SIGNER_SECRET: _secret, ...noSecret } = NODES;
    expect(named(problems(noSecret), 'SIGNER_SECRET')[0]).toContain('required with SIGNER_URL');
    expect(named(problems({ ...PRODUCTION_ENV, ...noSecret }), 'SIGNER_SECRET')).toHaveLength(1);
    const short = problems({ ...NODES, SIGNER_SECRET: 'short' });
    expect(named(short, 'SIGNER_SECRET')[0]).toContain('at least 32 characters');
    expect(short.join('\n')).not.toContain('short');
    const remote = problems({ ...NODES, SIGNER_URL: 'http://signer.internal:4100' });
    expect(named(remote, 'SIGNER_URL')[0]).toContain('loopback');
  });

  it('asks for the hot wallet address the signer holds', () => {
    const { CHAINS_BTC_HOT_ADDRESS: _address, ...noAddress } = NODES;
    expect(named(problems(noAddress), 'CHAINS_BTC_HOT_ADDRESS')[0]).toContain('required with CHAINS_BTC=rpc');
  });
});
