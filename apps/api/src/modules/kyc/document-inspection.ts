// What an uploaded document must be before it is stored: JPEG, PNG or PDF recognised by its bytes
// (never by its name or declared type), with a plain file name. Images are decoded and re-encoded,
// which drops every metadata block (EXIF with GPS position, XMP, IPTC, comments, PNG text chunks)
// and anything appended after the image. PDFs cannot be rewritten safely without a full parser, so
// they are checked and kept as sent: see README.md "PDF documents".
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { HIDDEN_CHARACTER, type KycDocumentKind, type KycDocumentType } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';

const EXTENSIONS: Record<KycDocumentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};
/** Larger images are scaled down to fit this square: plenty for a document check, bounded storage. */
const MAX_IMAGE_SIDE = 4096;
/** Refuse decompression bombs before decoding: about 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface InspectedDocument {
  bytes: Buffer;
  contentType: KycDocumentType;
  fileName: string;
  sha256Hex: string;
}

/** The type the file's first bytes declare, or null when it is none of the accepted ones. */
export function sniffContentType(bytes: Buffer): KycDocumentType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (
    bytes
      .subarray(0, 8)
      .toString('latin1')
      .match(/^%PDF-[12]\.\d/)
  )
    return 'application/pdf';
  return null;
}

/**
 * The name shown back to the customer: the base name they sent with the extension of the detected
 * type. A name carrying a folder path (`../x`, `C:\x`), control characters or characters that hide
 * or reorder text (`invoice<RLO>gpj.exe` reads as `invoiceexe.jpg`; HIDDEN_CHARACTER) is refused.
 */
export function displayFileName(
  raw: string | undefined,
  options: { kind: KycDocumentKind; type: KycDocumentType },
): string {
  const extension = EXTENSIONS[options.type];
  const name = (raw ?? '').normalize('NFC').trim();
  if (name === '') return `${options.kind}.${extension}`;
  const hidden = HIDDEN_CHARACTER.test(name);
  if (name.length > 255 || /[/\\]/.test(name) || hidden || name === '.' || name === '..') {
    throw new AppError('document_file_name_must_be_plain', { field: 'file' });
  }
  const dot = name.lastIndexOf('.');
  const stem = (dot > 0 ? name.slice(0, dot) : name).slice(0, 120);
  return `${stem}.${extension}`;
}

async function reencodeImage(bytes: Buffer, type: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const { format } = await image.metadata();
    if (format !== (type === 'image/jpeg' ? 'jpeg' : 'png')) throw new Error(`decoded as ${format}`);
    // rotate() applies the EXIF orientation to the pixels first, since the EXIF block is dropped.
    const pipeline = image
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true });
    return await (type === 'image/jpeg' ? pipeline.jpeg({ quality: 90 }) : pipeline.png()).toBuffer();
  } catch {
    throw new AppError('document_image_is_unreadable', { field: 'file' });
  }
}

/** PDF names that run code, open other files or carry attachments. */
const ACTIVE_PDF_CONTENT =
  /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|GoToE|SubmitForm|ImportData)(?![A-Za-z0-9])/;

export function checkPdf(bytes: Buffer): void {
  const tail = bytes.subarray(Math.max(0, bytes.length - 2048)).toString('latin1');
  if (!tail.includes('%%EOF')) throw new AppError('document_pdf_is_invalid', { field: 'file' });
  // Names may hide behind #xx escapes (/J#61vaScript); undo them before looking.
  const text = bytes
    .toString('latin1')
    .replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  if (ACTIVE_PDF_CONTENT.test(text)) throw new AppError('document_pdf_has_active_content', { field: 'file' });
}

/** Recognises, checks and cleans one upload; throws the catalogued refusal otherwise. */
export async function inspectDocument(input: {
  kind: KycDocumentKind;
  fileName: string | undefined;
  bytes: Buffer;
}): Promise<InspectedDocument> {
  const contentType = sniffContentType(input.bytes);
  if (!contentType) throw new AppError('document_type_must_be_jpeg_png_or_pdf', { field: 'file' });
  const fileName = displayFileName(input.fileName, { kind: input.kind, type: contentType });
  let bytes: Buffer;
  if (contentType === 'application/pdf') {
    checkPdf(input.bytes);
    bytes = input.bytes;
  } else {
    bytes = await reencodeImage(input.bytes, contentType);
  }
  return { bytes, contentType, fileName, sha256Hex: createHash('sha256').update(bytes).digest('hex') };
}
