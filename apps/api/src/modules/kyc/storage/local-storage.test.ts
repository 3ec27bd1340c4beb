import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStorageKey } from './document-storage.ts';
import { createLocalDocumentStorage } from './local-storage.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rora-storage-'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe('local document storage', () => {
  it('stores, reads back and deletes a document under its random key', async () => {
    const storage = createLocalDocumentStorage({
      directory: path.join(root, 'uploads'),
      webRoot: path.join(root, 'web'),
    });
    const key = newStorageKey();
    await storage.put(key, Buffer.from('document bytes'));
    expect((await storage.get(key))?.toString()).toBe('document bytes');
    expect(await readdir(path.join(root, 'uploads', key.slice(0, 2)))).toEqual([key]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('never follows a key that is not one of its own', async () => {
    const storage = createLocalDocumentStorage({
      directory: path.join(root, 'uploads'),
      webRoot: path.join(root, 'web'),
    });
    await expect(storage.get('../../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(storage.put('ab/../../x', Buffer.from('x'))).rejects.toThrow('invalid storage key');
  });

  it('refuses a folder inside the web app folder, or one containing it', () => {
    const webRoot = path.join(root, 'web');
    expect(() => createLocalDocumentStorage({ directory: path.join(webRoot, 'uploads'), webRoot })).toThrow(
      /outside the web app folder/,
    );
    expect(() => createLocalDocumentStorage({ directory: root, webRoot })).toThrow(/outside the web app folder/);
  });
});
