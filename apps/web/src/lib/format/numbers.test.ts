import { describe, expect, it } from 'vitest';
import {
  formatBps,
  debtCoinsOf,
  formatCoins,
  formatCount,
  formatDecimal,
  formatHolding,
  formatHoldingText,
  formatMinor,
  formatPercent,
  formatPrice,
  formatUsd,
  localiseNumber,
  numberMarks,
  usdCentsOf,
  usdCentsOfParts,
} from './numbers.ts';

const NNBSP = '\u202f';
const NBSP = '\u00a0';

describe('numbers in the reader marks', () => {
  it('knows each language’s decimal mark', () => {
    expect(numberMarks('en').decimal).toBe('.');
    expect(numberMarks('es-419').decimal).toBe('.');
    expect(numberMarks('fr').decimal).toBe(',');
    expect(numberMarks('pt-BR').decimal).toBe(',');
  });

  it.each([
    ['en', '1,234,567.891', '1,234,567.891'],
    ['fr', '1,234,567.891', `1${NNBSP}234${NNBSP}567,891`],
    ['pt-BR', '1,234.5', '1.234,5'],
    ['es-419', '1,234.5', '1,234.5'],
    ['fr', '-0.5', '-0,5'],
  ])('writes %s %j as %j', (tag, text, expected) => {
    expect(localiseNumber(text, tag)).toBe(expected);
  });

  it('groups and marks a server decimal, exactly unless told the decimals', () => {
    expect(formatDecimal('46123.5', 2, {}, 'fr')).toBe(`46${NNBSP}123,5`);
    expect(formatDecimal('46123.5', 2, { decimals: 2 }, 'pt-BR')).toBe('46.123,50');
    expect(formatDecimal('0.125', 2, { decimals: 2 }, 'en')).toBe('0.12');
    expect(formatDecimal('0.135', 2, { decimals: 2 }, 'en')).toBe('0.14');
    expect(formatDecimal('n/a', 2, {}, 'fr')).toBe('n/a');
    expect(formatMinor(123456789n, 8, {}, 'fr')).toBe('1,23456789');
  });
});

describe('holdings (ADR 0034) in the reader marks', () => {
  it.each([
    [216_000n, 8, 'en', '0.00216'],
    [216_000n, 8, 'fr', '0,00216'],
    [123_456_789_000n, 8, 'fr', `1${NNBSP}234,567`],
    [123_456_789_000n, 8, 'pt-BR', '1.234,567'],
    [0n, 8, 'fr', '0,000'],
    [9n, 18, 'en', '0.000000000000000009'],
  ])('%d at scale %d in %s reads %j', (minor, scale, tag, expected) => {
    expect(formatHolding(minor, scale, tag)).toBe(expected);
  });

  it('reads a decimal string and never rounds a non-zero holding to zero', () => {
    expect(formatHoldingText('0.00216', 8, 'en')).toBe('0.00216');
    expect(formatHoldingText('0.0009', 8, 'fr')).toBe('0,0009');
    expect(formatHoldingText('garbage', 8, 'fr')).toBe('garbage');
  });
});

describe('coin amounts at the display precision', () => {
  it('cuts to 8 decimals and drops trailing zeros', () => {
    expect(formatCoins('0.125628814201234567', 18, 'en')).toBe('0.12562881');
    expect(formatCoins('0.125628814201234567', 18, 'fr')).toBe('0,12562881');
    expect(formatCoins('1234.5', 6, 'fr')).toBe(`1${NNBSP}234,5`);
    expect(formatCoins('12.000000', 6, 'en')).toBe('12');
  });

  it('shows a debt in coins rounded up, so it never reads smaller than what is owed', () => {
    expect(debtCoinsOf('0.123456781', 'ETH', 'en')).toBe('0.12345679 ETH');
    expect(debtCoinsOf('501.150685', 'USDT', 'en')).toBe('501.150685 USDT');
    expect(debtCoinsOf('0.5', 'BTC', 'fr')).toBe('0,5 BTC');
    expect(debtCoinsOf('0.000000000000000042', 'ETH', 'en')).toBe('0.000000000000000042 ETH');
  });

  it('keeps 3 significant digits of a non-zero amount below the precision', () => {
    expect(formatCoins('0.000000000042731', 18, 'en')).toBe('0.0000000000427');
    expect(formatCoins('0', 18, 'en')).toBe('0');
  });
});

describe('dollars', () => {
  it.each([
    ['1234.565', 'en', '$1,234.56'],
    ['1234.575', 'en', '$1,234.58'],
    ['1234.5651', 'en', '$1,234.57'],
    ['0.999', 'en', '$1.00'],
    ['1234.567', 'fr', `1${NNBSP}234,57${NBSP}$US`],
    ['1234.567', 'pt-BR', `US$${NBSP}1.234,57`],
    ['-12', 'en', '\u2212$12.00'],
    ['-12', 'fr', `\u221212,00${NBSP}$US`],
  ])('%j in %s reads %j (rounded half to even, never cut)', (value, tag, expected) => {
    expect(formatUsd(value, tag)).toBe(expected);
  });

  it('shows zero for what is not an amount, and reads a bigint as cents', () => {
    expect(formatUsd(undefined, 'en')).toBe('$0.00');
    expect(formatUsd('abc', 'en')).toBe('$0.00');
    expect(formatUsd(123456n, 'en')).toBe('$1,234.56');
  });
});

describe('dollar values from amounts and prices', () => {
  it('rounds to the cent half to even, never cuts (the API sends 19497.69)', () => {
    expect(usdCentsOf([{ amount: '19497.697', usdPrice: '1' }])).toBe(1_949_770n);
    expect(usdCentsOf([{ amount: '0.125', usdPrice: '1' }])).toBe(12n);
    expect(usdCentsOf([{ amount: '0.135', usdPrice: '1' }])).toBe(14n);
    expect(usdCentsOf([{ amount: '2', usdPrice: '0.6225' }])).toBe(124n);
    expect(usdCentsOf([{ amount: '2', usdPrice: '0.6275' }])).toBe(126n);
    expect(usdCentsOf([{ amount: '0.01866', usdPrice: '53600.2' }])).toBe(100_018n);
  });

  it('sums the exact values before rounding once', () => {
    const halves = [
      { amount: '0.004', usdPrice: '1' },
      { amount: '0.004', usdPrice: '1' },
    ];
    expect(usdCentsOf(halves)).toBe(1n);
    // 18,497.517951 + 1,000.179732 = 19,497.697683: $19,497.70 (each cut first: 18,497.51 + 1,000.17).
    const wallets = [
      { amount: '18497.517951', usdPrice: '1' },
      { amount: '0.01866', usdPrice: '53600.2' },
    ];
    expect(usdCentsOf(wallets)).toBe(1_949_770n);
  });

  it('counts an amount without a price, or that is not a decimal, as nothing', () => {
    expect(usdCentsOf([])).toBe(0n);
    expect(usdCentsOf([{ amount: '5', usdPrice: null }])).toBe(0n);
    expect(usdCentsOf([{ amount: 'n/a', usdPrice: '1' }])).toBe(0n);
    expect(usdCentsOf([{ amount: '0.000000000000000001', usdPrice: '0.000000000001' }])).toBe(0n);
  });
});

describe('dollar values of the parts of a total', () => {
  const one = (amount: string, usdPrice: string | null = '1') => [{ amount, usdPrice }];

  it('adds up to the total rounded once, the leftover cents to the largest remainders', () => {
    // 0.004 + 0.004 = 0.008: a cent in all, though each part alone is worth less than half a cent.
    expect(usdCentsOfParts([one('0.004'), one('0.004')])).toEqual([1n, 0n]);
    // 10.005 + 20.005 = 30.01; rounded one by one (half to even) the parts would read 10.00 + 20.00.
    expect(usdCentsOfParts([one('10.005'), one('20.005')])).toEqual([1000n, 2001n]);
    // 0.126 + 0.127 + 0.128 = 0.381 → 0.38: the two largest remainders get the two cents left.
    expect(usdCentsOfParts([one('0.126'), one('0.127'), one('0.128')])).toEqual([12n, 13n, 13n]);
  });

  it('adds up with a part taken from the total (a debt), each part within a cent of its value', () => {
    // 10.005 - 0.006 = 9.999 → 10.00: the debt is -0.006 rounded down to -0.01, the holding up to 10.01.
    expect(usdCentsOfParts([one('10.005'), one('-0.006')])).toEqual([1001n, -1n]);
    // 5 - 7.5 = -2.5 exactly: nothing to share out.
    expect(usdCentsOfParts([one('5'), one('-7.5')])).toEqual([500n, -750n]);
    // -0.004 - 0.004 = -0.008 → -0.01: each rounds down to -0.01, and the first (on a tie) gets a cent back.
    expect(usdCentsOfParts([one('-0.004'), one('-0.004')])).toEqual([0n, -1n]);
  });

  it('leaves a part worth nothing at zero and an exact part as it is', () => {
    expect(usdCentsOfParts([one('0'), one('5', null), one('1.999'), one('3')])).toEqual([0n, 0n, 200n, 300n]);
    expect(usdCentsOfParts([])).toEqual([]);
  });

  it('always sums to usdCentsOf of everything, each part within a cent of its value', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let round = 0; round < 200; round += 1) {
      const parts = Array.from({ length: 1 + (next() % 5) }, () =>
        Array.from({ length: next() % 4 }, () => ({
          amount: `${next() % 1000}.${String(next() % 1_000_000).padStart(6, '0')}`,
          usdPrice: `${next() % 70_000}.${String(next() % 100).padStart(2, '0')}`,
        })),
      );
      const cents = usdCentsOfParts(parts);
      expect(cents.reduce((sum, value) => sum + value, 0n)).toBe(usdCentsOf(parts.flat()));
      parts.forEach((part, index) => {
        const exactCents = usdCentsOf(part);
        expect(cents[index]! - exactCents <= 1n && exactCents - cents[index]! <= 1n).toBe(true);
      });
    }
  });
});

describe('prices at the pair tick', () => {
  it.each([
    ['53588.25', 'BTC/USDT', 'en', '53,588.2'],
    ['53588.35', 'BTC/USDT', 'en', '53,588.4'],
    ['2512.5', 'ETH/USDT', 'en', '2,512.50'],
    ['2512.5', 'ETH/USDT', 'fr', `2${NNBSP}512,50`],
    ['2512.5', 'ETH/USDT', 'pt-BR', '2.512,50'],
    ['1234.56789', 'XYZ/USDT', 'en', '1,234.56789'],
    ['n/a', 'BTC/USDT', 'en', 'n/a'],
  ])('%j on %s in %s reads %j', (text, symbol, tag, expected) => {
    expect(formatPrice(text, symbol, tag)).toBe(expected);
  });
});

describe('percentages and counts', () => {
  it('places the percent sign as the language does', () => {
    expect(formatPercent(50n, {}, 'en')).toBe('0.50%');
    // French puts a no-break space before % (narrow or not, as the ICU version writes it).
    expect(formatPercent(50n, {}, 'fr')).toMatch(/^0,50[\u00a0\u202f]%$/);
    expect(formatPercent('1.235', { signed: true }, 'en')).toBe('+1.24%');
    expect(formatPercent('-4.5', { signed: true, decimals: 1 }, 'fr')).toMatch(/^\u22124,5[\u00a0\u202f]%$/);
    expect(formatPercent(0n, { signed: true }, 'en')).toBe('0.00%');
  });

  it('writes counts with the language’s thousands mark', () => {
    expect(formatCount(12345, 'fr')).toBe(`12${NNBSP}345`);
    expect(formatCount(12345, 'pt-BR')).toBe('12.345');
  });
});

describe('basis points as an exact percentage', () => {
  it.each([
    [50, 'en', '0.5%'],
    [1450, 'en', '14.5%'],
    [600, 'en', '6%'],
    [25, 'en', '0.25%'],
  ])('%d bps in %s reads %j', (bps, tag, expected) => {
    expect(formatBps(bps, tag)).toBe(expected);
  });

  it('writes the French decimal comma and spaced percent sign', () => {
    expect(formatBps(1450, 'fr')).toMatch(/^14,5[\u00a0\u202f]%$/);
  });
});
