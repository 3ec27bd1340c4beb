import { describe, expect, it } from 'vitest';
import { compactSecret, groupSecret, validateTotp } from './totp.ts';

describe('groupSecret', () => {
  it('splits a base32 secret into groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });

  it('keeps a short last group, drops padding and uppercases', () => {
    expect(groupSecret('jbswy3dpehpk3pxpab==')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupSecret('')).toBe('');
  });
});

describe('compactSecret', () => {
  it('removes the grouping spaces', () => {
    expect(compactSecret('JBSW Y3DP EHPK 3PXP')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('validateTotp', () => {
  it.each(['123456', '000000'])('accepts %s', (code) => expect(validateTotp(code)).toBeUndefined());
  it.each(['', '12345', '1234567', '12345a'])('rejects %j', (code) =>
    expect(validateTotp(code)).toBe('validation.totp'),
  );
});
