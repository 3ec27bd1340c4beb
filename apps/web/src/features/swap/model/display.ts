// Numbers for the swap screen: a quote's amounts in full at the coin's decimals (a firm quote is
// exact), amounts in lists cut to 8 decimals, rates cut to 8 significant digits. Text only.

/** A decimal string cut (never rounded up) to `digits` significant digits: '18.478571428571' -> '18.478571'. */
export function significant(text: string, digits = 8): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (whole !== '0') {
    if (whole.length >= digits) return whole;
    return trim(`${whole}.${fraction.slice(0, digits - whole.length)}`);
  }
  const leadingZeros = /^0*/.exec(fraction)?.[0].length ?? 0;
  return trim(`0.${fraction.slice(0, leadingZeros + digits)}`);
}

function trim(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** `0.1 BTC` */
export function coins(amount: string, asset: string): string {
  return `${amount} ${asset}`;
}

/** An amount for a list or a sentence: at most 8 decimals, cut (never rounded up). `0.12562881 ETH` */
export function shortCoins(amount: string, asset: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return coins(amount, asset);
  return coins(trim(`${match[1]}.${(match[2] ?? '').slice(0, 8)}`), asset);
}
