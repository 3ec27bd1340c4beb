// @rora/money: assets and their scales, bigint minor-unit amounts, strict decimal parsing and
// formatting, explicit rounding, and the display formatters. Imports nothing. See README.md.
export { MONEY_ERROR_CODES, MoneyError, isMoneyError, type MoneyErrorCode } from './errors.ts';
export {
  ASSETS,
  ASSET_SYMBOLS,
  TOKEN_ALIASES,
  assetScale,
  canonicalAssetSymbol,
  getAsset,
  isAssetSymbol,
  type AssetDefinition,
  type AssetSymbol,
} from './assets.ts';
export { MAX_SCALE, scaleFactor } from './scale.ts';
export {
  BPS_PER_WHOLE,
  FEE_ROUNDING,
  PAYOUT_ROUNDING,
  ROUNDING_MODES,
  applyBps,
  divideRounded,
  mulDiv,
  rescale,
  splitFee,
  type FeeSplit,
  type RoundingMode,
} from './rounding.ts';
export {
  MAX_DECIMAL_LENGTH,
  formatAmount,
  groupThousands,
  parseAmount,
  tryParseAmount,
  type FormatOptions,
  type ParseOptions,
  type ParseResult,
} from './decimal.ts';
export { addAmounts, formatAssetAmount, parseAssetAmount, subtractAmounts, type Amount } from './amount.ts';
export { formatBalance, formatPercent, formatUsd, type PercentOptions, type UsdOptions } from './display.ts';
export { localiseNumber, numberMarks, type NumberMarks } from './marks.ts';
export {
  MAX_AMOUNT_CHARACTERS,
  MAX_WHOLE_DIGITS,
  readTypedAmount,
  type TypedAmount,
  type TypedAmountOptions,
  type TypedAmountProblem,
} from './typed.ts';
