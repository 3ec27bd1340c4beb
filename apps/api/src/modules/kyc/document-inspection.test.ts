import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/errors.ts';
import { checkPdf, displayFileName, sniffContentType } from './document-inspection.ts';
import { pdfDocument } from './testing/kyc-fixtures.ts';

const codeOf = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
};

describe('sniffContentType', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe1, 0, 0], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    [[...Buffer.from('%PDF-1.7\n')], 'application/pdf'],
    [[...Buffer.from('%PDF-2.0\n')], 'application/pdf'],
    [[...Buffer.from('GIF89a')], null],
    [[...Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')], null],
    [[0x4d, 0x5a, 0x90, 0], null],
    [[0xff, 0xd8], null],
    [[...Buffer.from(' %PDF-1.4')], null],
    [[], null],
  ])('%j is %s', (bytes, type) => {
    expect(sniffContentType(Buffer.from(bytes))).toBe(type);
  });
});

describe('displayFileName', () => {
  const jpeg = { kind: 'id_card', type: 'image/jpeg' } as const;
  it.each([
    ['passport.jpg', 'passport.jpg'],
    ['passport.JPEG', 'passport.jpg'],
    ['scan.pdf', 'scan.jpg'],
    ['no extension', 'no extension.jpg'],
    ['.hidden', '.hidden.jpg'],
    ['  carte d’identité.png ', 'carte d’identité.jpg'],
    ['Mi\u200cKhani.png', 'Mi\u200cKhani.jpg'],
    ['', 'id_card.jpg'],
    [undefined, 'id_card.jpg'],
  ])('%j is shown as %j', (raw, shown) => {
    expect(displayFileName(raw, jpeg)).toBe(shown);
  });

  it.each([
    '../etc/passwd',
    '..\\boot.ini',
    'a/b.jpg',
    '/abs.jpg',
    'tab\there.jpg',
    'nul\u0000.jpg',
    '.',
    '..',
    'x'.repeat(256),
    // Characters that hide or reorder text: 'invoice<RLO>gpj.exe' reads as 'invoiceexe.jpg'.
    'invoice\u202egpj.exe',
    'scan\u2066.jpg',
    'zero\u200bwidth.jpg',
    'bom\ufeff.jpg',
  ])('refuses %j', (raw) => {
    expect(codeOf(() => displayFileName(raw, jpeg))).toBe('document_file_name_must_be_plain');
  });
});

describe('checkPdf', () => {
  it('accepts a plain PDF', () => {
    expect(codeOf(() => checkPdf(pdfDocument()))).toBeNull();
  });
  it.each(['/JavaScript', '/JS (x)', '/Launch', '/EmbeddedFile', '/RichMedia', '/XFA', '/J#53 (x)', '/#4A#61vaScript'])(
    'refuses %s',
    (name) => {
      expect(codeOf(() => checkPdf(pdfDocument(`/AA << /O << /S ${name} >> >>`)))).toBe(
        'document_pdf_has_active_content',
      );
    },
  );
  it('does not mistake longer names for active content', () => {
    expect(codeOf(() => checkPdf(pdfDocument('/JSONData 1 /Launcher 2')))).toBeNull();
  });
  it('refuses a PDF without its end marker', () => {
    expect(codeOf(() => checkPdf(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n')))).toBe('document_pdf_is_invalid');
  });
});
