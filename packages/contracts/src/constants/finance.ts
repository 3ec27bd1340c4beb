// Finance constants of spec §1 and §9: the staking promise and the share-purchase notice.

/** Staking plans pay at most 14.5 % a year, in basis points. */
export const STAKING_MAX_APY_BPS = 1_450;

/**
 * The share-purchase payment notice: a price per share in whole pounds sterling, paid in USDT on
 * ERC-20 to the wallet address the text shows as {key}.
 */
export const SHARE_NOTICE = {
  pricePerShareGbp: 63n,
  paymentAsset: 'USDT',
  paymentNetwork: 'ERC20',
} as const;
