// Document files: the upload (multipart, with progress, which fetch cannot report) and reading back
// one's own document (a preview, a download). Both carry the bearer token like every other call;
// a 401 is handed to the app's one client, which remembers the path and sends the customer to sign in.
import type { KycDocumentKind, KycState } from '@rora/contracts';
import { KYC_UPLOAD_PATHS, kycCalls } from '@rora/contracts';
import { API_BASE, fillPath } from '../../../lib/api/client.ts';
import { networkError, toApiError } from '../../../lib/api/errors.ts';
import { getSession } from '../../../lib/session/session-store.ts';
import { fetchKycState } from './kyc-api.ts';

export interface UploadOptions {
  userId: string;
  kind: KycDocumentKind;
  file: Blob;
  fileName: string;
  /** 0 to 1 as the file goes out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A 401 means the session ended: let the app's client (and its handler) meet it too. */
function onUnauthorized(userId: string): void {
  fetchKycState(userId).catch(() => undefined);
}

export function uploadDocument(options: UploadOptions): Promise<KycState> {
  const { token } = getSession();
  const url = `${API_BASE}${fillPath(KYC_UPLOAD_PATHS[options.kind], { id: options.userId })}`;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Accept', 'application/json');
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) return resolve((body as { data: KycState }).data);
      if (request.status === 401 && token) onUnauthorized(options.userId);
      reject(toApiError(request.status, body));
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    const form = new FormData();
    form.append('file', options.file, options.fileName);
    request.send(form);
  });
}

/** One of the customer's own documents, as a Blob. */
export async function fetchDocument(userId: string, documentId: string, signal?: AbortSignal): Promise<Blob> {
  const { token } = getSession();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${fillPath(kycCalls.downloadDocument.path, { documentId })}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  if (response.ok) return response.blob();
  if (response.status === 401 && token) onUnauthorized(userId);
  throw toApiError(response.status, parse(await response.text()));
}

/** Saves one of the customer's documents to their device under its own name. */
export async function downloadDocument(options: {
  userId: string;
  documentId: string;
  fileName: string;
}): Promise<void> {
  const blob = await fetchDocument(options.userId, options.documentId);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = options.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
