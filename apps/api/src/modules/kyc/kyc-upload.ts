// Reads the one file of a multipart upload into memory, at most 10 MB. The multipart plugin is
// registered in the KYC routes' scope with the same limit, so a larger file stops being read at
// the limit and is refused with 413; a declared Content-Length far above it is refused unread. A
// body that is not well-formed multipart (cut short, a wrong boundary) is a 400, never a 500.
// A body the client abandons by closing the connection is logged as that (errors.ts).
import type { FastifyError, FastifyRequest } from 'fastify';
import { KYC_DOCUMENT_MAX_BYTES } from '@rora/contracts';
import { AppError } from '../../lib/errors.ts';
import { createSlots } from '../../lib/slots.ts';
import { clientAborted, toAppError } from '../../plugins/errors.ts';

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

/**
 * What reading the multipart body failed with, as a catalogued refusal. @fastify/multipart's own
 * errors carry a code the one error handler maps (limits, `__proto__` names, a closed request);
 * busboy's carry none (a body cut short, a part ended early, no or a wrong boundary): everything
 * read here is the request's body, so an error without a code is a malformed body, never a 500.
 */
function uploadError(error: FastifyError): AppError {
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('document_must_be_at_most_10_mb', { field: 'file' });
  if (error.code === 'FST_FILES_LIMIT') return new AppError('document_upload_must_hold_one_file', { field: 'file' });
  return toAppError(error) ?? new AppError('request_body_must_be_valid_multipart');
}

/**
 * The body's one file, read to its end: the parts after it are read too, so a second file (over
 * the files limit) or a body cut short after the file is refused rather than half taken.
 */
async function onlyFile(request: FastifyRequest): Promise<{ fileName: string | undefined; bytes: Buffer }> {
  let upload: { fileName: string | undefined; bytes: Buffer } | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'file') upload = { fileName: part.filename, bytes: await part.toBuffer() };
  }
  if (!upload || upload.bytes.length === 0) throw new AppError('document_file_required', { field: 'file' });
  return upload;
}

export async function readUpload(request: FastifyRequest): Promise<{ fileName: string | undefined; bytes: Buffer }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > KYC_DOCUMENT_MAX_BYTES + ENVELOPE_BYTES) {
    throw new AppError('document_must_be_at_most_10_mb', { field: 'file' });
  }
  if (!request.isMultipart()) throw new AppError('document_file_required', { field: 'file' });
  try {
    return await onlyFile(request);
  } catch (error) {
    // The client closed the connection mid-body: the error handler logs it as that. Mapped here,
    // Node's ECONNRESET read as the database gone (a 503 logged at error level, with its stack).
    if (clientAborted(error as FastifyError, request)) throw error;
    throw uploadError(error as FastifyError);
  }
}

/** Seconds a refused upload is asked to wait (Retry-After). */
const BUSY_RETRY_SECONDS = 5;

export interface UploadGate {
  /** Takes a slot for the customer's transfer, or throws the gate's refusal (429, Retry-After). */
  enter(userId: string): () => void;
}

/**
 * Bounds the uploads one process holds in memory at once: each is up to 10 MB read whole, then
 * decoded. Without it, 4 customers sending 20 uploads each at once took the server from 591 MB to
 * 1.4 GB; the per-customer rate limit counts requests per minute, not those in flight. One customer
 * may hold `perCustomer` slots, so one cannot take every slot from the others. Downloads of documents
 * (read whole from storage, held until sent) use a gate of their own, refused as too_many_requests.
 */
export function createUploadGate(limits: {
  total: number;
  perCustomer: number;
  refusal?: (retryAfterSeconds: number) => AppError;
}): UploadGate {
  const busy = (seconds: number) =>
    new AppError('document_uploads_are_busy', { headers: { 'retry-after': String(seconds) } });
  const refusal = limits.refusal ?? busy;
  const slots = createSlots({ perKey: limits.perCustomer, total: limits.total });
  return {
    enter(userId) {
      const leave = slots.take(userId);
      if (!leave) throw refusal(BUSY_RETRY_SECONDS);
      return leave;
    },
  };
}
