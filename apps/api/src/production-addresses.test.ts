// Production refuses an address anyone can spend from where Rora sends or asks for money: the
// devnet's hot wallets and first deposit addresses (their keys are derived from a mnemonic printed
// in the BIP standards), given explicitly, like the devnet's deposit keys (ADR 0020).
import { describe, expect, it } from 'vitest';
import { DEVNET_HOT_WALLETS } from '@rora/chains';
import { ConfigError, loadConfig } from './config.ts';
import { PRODUCTION_ENV, PRODUCTION_WITHOUT_REAL_ADAPTER } from './testing/production-env.ts';

/** loadConfig's lines for PRODUCTION_ENV with `env`, without the refusals every start has today. */
function lines(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...PRODUCTION_ENV, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter((line) => !PRODUCTION_WITHOUT_REAL_ADAPTER.some((name) => line.startsWith(`${name}:`)));
  }
  throw new Error('the configuration was accepted');
}

/** The devnet's first Ethereum deposit address, as a sandbox customer's ETH wallet shows it. */
const DEVNET_FIRST_ETH_DEPOSIT = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

describe('production addresses', () => {
  it.each([
    ["the devnet's hot wallet", DEVNET_HOT_WALLETS.eth],
    ['the same, in lower case', DEVNET_HOT_WALLETS.eth.toLowerCase()],
    ["the devnet's first deposit address", DEVNET_FIRST_ETH_DEPOSIT],
  ])('refuses SHARE_PAYMENT_ADDRESS set to %s', (_what, address) => {
    expect(lines({ SHARE_PAYMENT_ADDRESS: address })).toEqual([
      'SHARE_PAYMENT_ADDRESS: is a devnet address, whose key is public: anyone could spend what is paid to it',
    ]);
  });

  it('refuses the zero address, which nobody can spend from', () => {
    expect(lines({ SHARE_PAYMENT_ADDRESS: `0x${'0'.repeat(40)}` })).toEqual([
      'SHARE_PAYMENT_ADDRESS: is the zero address: what is paid to it is lost',
    ]);
  });

  it("refuses a cold address or a signer's hot wallet on a devnet address, naming the setting", () => {
    const cold = `btc:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq,eth:${DEVNET_HOT_WALLETS.eth}`;
    expect(lines({ TREASURY_COLD_ADDRESSES: cold })).toEqual([
      "TREASURY_COLD_ADDRESSES: eth's cold address is a devnet address, whose key is public: anyone could spend what is swept to it",
    ]);
    expect(
      lines({
        SIGNER_URL: 'http://127.0.0.1:4100',
        SIGNER_SECRET: 'c5f1e0a79b2d4863aa17e9d04b3c6f58',
        CHAINS_XRP_HOT_ADDRESS: DEVNET_HOT_WALLETS.xrp,
      }),
    ).toEqual(['CHAINS_XRP_HOT_ADDRESS: is a devnet address, whose key is public: anyone could spend the hot wallet']);
  });
});
