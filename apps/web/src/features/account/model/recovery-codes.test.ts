import { describe, expect, it } from 'vitest';
import {
  cleanRecoveryCodes,
  formatRecoveryCodesFile,
  recoveryCodeLines,
  recoveryCodesFileName,
  validateRecoveryCode,
} from './recovery-codes.ts';

const codes = [
  'abcde-fghjk',
  'mnpqr-stuvw',
  'xyz23-45678',
  '9abcd-efghj',
  'kmnpq-rstuv',
  'wxyz2-34567',
  '89abc-defgh',
  'jkmnp-qrstu',
  'vwxyz-23456',
  '789ab-cdefg',
];

describe('recoveryCodeLines', () => {
  it('numbers ten codes with aligned numbers', () => {
    const lines = recoveryCodeLines(codes);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe(' 1. abcde-fghjk');
    expect(lines[9]).toBe('10. 789ab-cdefg');
  });

  it('drops blanks and trims', () => {
    expect(cleanRecoveryCodes([' abcde-fghjk ', '', '  '])).toEqual(['abcde-fghjk']);
    expect(recoveryCodeLines(['abcde-fghjk'])).toEqual(['1. abcde-fghjk']);
  });
});

describe('formatRecoveryCodesFile', () => {
  it('puts the heading, the account, the date, every code and the instructions on their own lines', () => {
    const text = formatRecoveryCodesFile(codes, {
      title: 'Rora recovery codes',
      account: 'Account: ana@example.com',
      createdAt: 'Created: 31 January 2025',
      instructions: 'Each code works once.',
    });
    const lines = text.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'Rora recovery codes',
      'Account: ana@example.com',
      'Created: 31 January 2025',
      '',
    ]);
    for (const code of codes) expect(text).toContain(code);
    expect(lines.at(-2)).toBe('Each code works once.');
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('\r');
  });
});

describe('recoveryCodesFileName', () => {
  it('uses the local date, zero-padded', () => {
    expect(recoveryCodesFileName(new Date(2025, 0, 5, 23, 59))).toBe('rora-recovery-codes-2025-01-05.txt');
    expect(recoveryCodesFileName(new Date(2024, 11, 31))).toBe('rora-recovery-codes-2024-12-31.txt');
  });
});

describe('validateRecoveryCode', () => {
  it('refuses a blank code and leaves the rest to the server', () => {
    expect(validateRecoveryCode('  ')).toBe('validation.recoveryCode');
    expect(validateRecoveryCode('ABCDE FGHJK')).toBeUndefined();
  });
});
