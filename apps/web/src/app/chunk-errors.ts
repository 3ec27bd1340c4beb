// Telling a failed code download apart from a bug, and giving up on a download after 120 s (spec
// §8, §9). Browsers word a failed dynamic import differently; all of them count as ChunkLoadError.
import { CHUNK_LOAD_TIMEOUT_MS } from '../lib/constants.ts';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

const CHUNK_MESSAGES = [
  /failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /importing a module script failed/i, // Safari
  /unable to preload css/i, // Vite, stylesheet of a chunk
  /loading (css )?chunk .* failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Rejects with ChunkLoadError when `promise` has not settled within `timeoutMs`. */
export function withChunkTimeout<T>(promise: Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isChunkLoadError(error) ? new ChunkLoadError(String((error as Error).message)) : error);
      },
    );
  });
}
