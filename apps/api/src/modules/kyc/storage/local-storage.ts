// Documents on the local disk: <directory>/<first two hex digits>/<key>, files readable only by the
// server's user. A write goes to a temporary file first and is renamed, so a crash never leaves half
// a document under its real name.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { STORAGE_KEY_PATTERN, type DocumentStorage } from './document-storage.ts';

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function createLocalDocumentStorage(options: { directory: string; webRoot: string }): DocumentStorage {
  const directory = path.resolve(options.directory);
  if (isInside(directory, options.webRoot) || isInside(options.webRoot, directory)) {
    throw new Error(`KYC_STORAGE_DIR (${directory}) must be outside the web app folder (${options.webRoot})`);
  }

  function fileOf(key: string): string {
    // Keys come from newStorageKey(); anything else is a programmer error, never a path to follow.
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    return path.join(directory, key.slice(0, 2), key);
  }

  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, bytes, { mode: 0o600, flag: 'wx' });
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
