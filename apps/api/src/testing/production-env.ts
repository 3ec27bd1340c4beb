// A production configuration with every setting production requires given real-looking values: the
// operator's own deposit keys (public keys of a seed made for these tests, not the devnet's), an S3
// bucket, SMTP, webhook secrets, live platforms. Tests take one setting out at a time.
export const PRODUCTION_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://rora@db.internal:5432/rora?sslmode=verify-full',
  SMTP_URL: 'smtps://rora:mail-password@smtp.example.com:465',
  IDENTITY_WEBHOOK_SECRET: 'identity-webhook-secret-for-production-tests-0123',
  ONRAMP_WEBHOOK_SECRET: 'onramp-webhook-secret-for-production-tests-012345',
  FEE_QUOTE_SECRET: 'fee-quote-secret-for-production-tests-0123456789',
  KYC_STORAGE: 's3',
  SHARE_PAYMENT_ADDRESS: '0x52908400098527886E0F7030069857D2E4169EE7',
  KYC_S3_ENDPOINT: 'https://s3.example.com',
  KYC_S3_BUCKET: 'rora-kyc',
  KYC_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
  KYC_S3_SECRET_ACCESS_KEY: 's3-secret-access-key-for-tests',
  VENUES: 'ccxt',
  CHAINS_BTC_XPUB:
    'zpub6rYaHUJFRBAseWmr7W8MJhFsNxWSzyiS3grQM3221G1Ru3jdLxy6KBPf3wbnhFCyqUN7TEyE3zdVrQ9GtySYm2Vmzr6hF5VyHemjdfkS833',
  CHAINS_LTC_XPUB:
    'zpub6rHYbTj1Phc3dAXcSYLAY3nbMXyYJdR1eWXdD2dpaoHbpcsdNsN4BLyArYjNQKruj9xjVSjSJcWSxftQnBQNjtTM22gkQd3N8qwwE3WmjmS',
  CHAINS_ETH_XPUB:
    'xpub6CPDLh5x6sHWVmo6bKnKTro1LSBfQAzEF2H6hoxuVoWDAbxe9BXGvp1zb8wGKiCPR9a5mkGFEUcTY6KLS2RpN7dNcgbSjvyqACTvwRRHZn9',
  CHAINS_BSC_XPUB:
    'xpub6CPDLh5x6sHWVmo6bKnKTro1LSBfQAzEF2H6hoxuVoWDAbxe9BXGvp1zb8wGKiCPR9a5mkGFEUcTY6KLS2RpN7dNcgbSjvyqACTvwRRHZn9',
  CHAINS_XRP_OMNIBUS_ADDRESS: 'rH1ZPbRKHfYKHoTeDq6mcxfsyGVKixsKJ8',
  CHAINS_SOL_ADDRESSES:
    '3ajdg3e4pdH69AihWzdngj6sC9Qb8WUTNzCiJXj8FK6K,grSZMvz5NmDHpQpkBJjdM3dYabnyuSyRqAci9ukMcUT,BfQtwV5qWgg3x6Hji41Y9sLCyXAq4ApcSk6KdqaGap7h',
};

/** Settings production requires: each one missing is named on its own line. */
export const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'SMTP_URL',
  'IDENTITY_WEBHOOK_SECRET',
  'ONRAMP_WEBHOOK_SECRET',
  'FEE_QUOTE_SECRET',
  'KYC_STORAGE',
  'SHARE_PAYMENT_ADDRESS',
  'CHAINS_BTC_XPUB',
  'CHAINS_LTC_XPUB',
  'CHAINS_ETH_XPUB',
  'CHAINS_BSC_XPUB',
  'CHAINS_XRP_OMNIBUS_ADDRESS',
  'CHAINS_SOL_ADDRESSES',
] as const;

/**
 * Sandbox adapters production names even with everything else given: identity, on-ramp and SMS have
 * no real one written yet; the chains' real adapters must be chosen (CHAINS_<X>=rpc, with the signer).
 */
export const PRODUCTION_WITHOUT_REAL_ADAPTER = [
  'IDENTITY_PROVIDER',
  'ONRAMP_PROVIDER',
  'SMS_PROVIDER',
  'CHAIN_ADAPTER',
] as const;
