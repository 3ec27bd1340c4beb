import { describe, expect, it } from 'vitest';
import { checkBrowserFile, checkFile, formatFileSize } from './file-check.ts';

const head = (...bytes: number[]) => Uint8Array.from(bytes);
const MB = 1024 * 1024;

describe('checkFile', () => {
  it.each([
    [head(0xff, 0xd8, 0xff, 0xe0), 2 * MB, { ok: true, type: 'image/jpeg' }],
    [head(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 500, { ok: true, type: 'image/png' }],
    [Uint8Array.from(Buffer.from('%PDF-1.7')), 10 * MB, { ok: true, type: 'application/pdf' }],
    [Uint8Array.from(Buffer.from('GIF89a')), 500, { ok: false, code: 'document_type_must_be_jpeg_png_or_pdf' }],
    // An iPhone photo in HEIC: ....ftypheic
    [head(0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70), 500, { ok: false, code: 'document_type_must_be_jpeg_png_or_pdf' }],
    [head(0xff, 0xd8, 0xff), 10 * MB + 1, { ok: false, code: 'document_must_be_at_most_10_mb' }],
    [head(), 0, { ok: false, code: 'document_file_required' }],
  ])('%j of %i bytes: %j', (bytes, size, expected) => {
    expect(checkFile({ size, head: bytes })).toEqual(expected);
  });

  it('reads the type from the bytes of a browser file, not from its name or type', async () => {
    const renamed = new File(['plain text'], 'passport.jpg', { type: 'image/jpeg' });
    expect(await checkBrowserFile(renamed)).toEqual({ ok: false, code: 'document_type_must_be_jpeg_png_or_pdf' });
  });
});

describe('formatFileSize', () => {
  it('speaks in kB and MB in the reader language', () => {
    expect(formatFileSize(350_000, 'en')).toBe('350 kB');
    expect(formatFileSize(1_250_000, 'en')).toBe('1.3 MB');
    expect(formatFileSize(1_250_000, 'fr')).toMatch(/^1,3\sMo$/);
  });
});
