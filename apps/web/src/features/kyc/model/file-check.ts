// Checks a chosen file before it is sent, with the API's own rules and error codes: at most 10 MB,
// and JPEG, PNG or PDF by its first bytes (a photo from an iPhone in HEIC, or a renamed file, is
// refused here with the same words the API would use). The API checks again.
import { KYC_DOCUMENT_MAX_BYTES, type KycDocumentType } from '@rora/contracts';

/** How many first bytes `checkFile` needs. */
export const HEAD_BYTES = 8;

export function sniffType(head: Uint8Array): KycDocumentType | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, index) => head[index] === byte)) return 'image/png';
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
  if (pdf.every((byte, index) => head[index] === byte)) return 'application/pdf';
  return null;
}

export type FileCheck = { ok: true; type: KycDocumentType } | { ok: false; code: string };

export function checkFile(file: { size: number; head: Uint8Array }): FileCheck {
  if (file.size === 0) return { ok: false, code: 'document_file_required' };
  if (file.size > KYC_DOCUMENT_MAX_BYTES) return { ok: false, code: 'document_must_be_at_most_10_mb' };
  const type = sniffType(file.head);
  return type ? { ok: true, type } : { ok: false, code: 'document_type_must_be_jpeg_png_or_pdf' };
}

function readHead(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, HEAD_BYTES));
  });
}

/** Reads the head of a browser File and checks it. */
export async function checkBrowserFile(file: Blob): Promise<FileCheck> {
  return checkFile({ size: file.size, head: await readHead(file) });
}

/** 1.2 MB, 350 kB: sizes for people, in the reader's language. */
export function formatFileSize(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, bytes / 1000), 'kilobyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}
