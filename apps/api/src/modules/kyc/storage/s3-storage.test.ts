import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newStorageKey } from './document-storage.ts';
import { createS3DocumentStorage } from './s3-storage.ts';

// A small S3-compatible server on the loopback address: it keeps objects in memory and records
// each request's method, path and signature headers.
const objects = new Map<string, Buffer>();
const seen: Array<{ method: string; url: string; authorization: string; contentSha256: string }> = [];
let server: Server;
let endpoint: string;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const url = request.url ?? '';
    seen.push({
      method: request.method ?? '',
      url,
      authorization: String(request.headers.authorization ?? ''),
      contentSha256: String(request.headers['x-amz-content-sha256'] ?? ''),
    });
    if (url.startsWith('/denied/')) {
      response.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
    } else if (request.method === 'PUT') {
      objects.set(url, await bodyOf(request));
      response.writeHead(200).end();
    } else if (request.method === 'GET') {
      const stored = objects.get(url);
      if (stored) response.writeHead(200).end(stored);
      else response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
    } else if (request.method === 'DELETE') {
      objects.delete(url);
      response.writeHead(204).end();
    } else response.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

const options = () => ({
  endpoint,
  bucket: 'rora-kyc',
  region: 'eu-west-1',
  accessKeyId: 'AKIAEXAMPLE',
  secretAccessKey: 'secret-example',
  pathStyle: true,
});

describe('S3-compatible document storage', () => {
  it('puts, gets and deletes objects under kyc/<key> in the bucket, signed with SigV4', async () => {
    const storage = createS3DocumentStorage(options());
    const key = newStorageKey();
    await storage.put(key, Buffer.from('the document'));
    expect((await storage.get(key))?.toString()).toBe('the document');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();

    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      `PUT /rora-kyc/kyc/${key}`,
      `GET /rora-kyc/kyc/${key}`,
      `DELETE /rora-kyc/kyc/${key}`,
      `GET /rora-kyc/kyc/${key}`,
    ]);
    for (const request of seen) {
      expect(request.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
      );
      expect(request.contentSha256).toMatch(/^[0-9a-f]{64}$|^UNSIGNED-PAYLOAD$/);
    }
  });

  it('reports a refusal of the store and refuses keys that are not its own', async () => {
    const denied = createS3DocumentStorage({ ...options(), bucket: 'denied' });
    await expect(denied.put(newStorageKey(), Buffer.from('x'))).rejects.toThrow(
      'S3 PUT failed with HTTP 403: <Error><Code>AccessDenied',
    );
    await expect(denied.get(newStorageKey())).rejects.toThrow('S3 GET failed with HTTP 403');
    await expect(createS3DocumentStorage(options()).put('../escape', Buffer.from('x'))).rejects.toThrow(
      'invalid storage key',
    );
  });
});
