// Reads the one file of a multipart upload into memory, at most 10 MB. The multipart plugin is
// registered in the KYC routes' scope with the same limit, so a larger file stops being read at
// the limit and is refused with 413; a declared Content-Length far above it is refused unread.
import type { FastifyRequest } from 'fastify';
import { KYC_DOCUMENT_MAX_BYTES } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';

/** Room for the multipart headers and boundaries around the file. */
const ENVELOPE_BYTES = 64 * 1024;

export const multipartLimits = {
  fileSize: KYC_DOCUMENT_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 10,
  headerPairs: 100,
};

export async function readUpload(request: FastifyRequest): Promise<{ fileName: string | undefined; bytes: Buffer }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > KYC_DOCUMENT_MAX_BYTES + ENVELOPE_BYTES) {
    throw new AppError('document_must_be_at_most_10_mb', { field: 'file' });
  }
  if (!request.isMultipart()) throw new AppError('document_file_required', { field: 'file' });
  const part = await request.file().catch((error: { code?: string }) => {
    if (error.code === 'FST_PARTS_LIMIT' || error.code === 'FST_FILES_LIMIT')
      throw new AppError('request_validation_failed');
    throw new AppError('document_file_required', { field: 'file' });
  });
  if (!part) throw new AppError('document_file_required', { field: 'file' });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('document_must_be_at_most_10_mb', { field: 'file' });
    }
    throw error;
  }
  if (bytes.length === 0) throw new AppError('document_file_required', { field: 'file' });
  return { fileName: part.filename, bytes };
}
