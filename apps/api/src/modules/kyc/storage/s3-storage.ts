// Documents in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...), signed with AWS Signature V4
// by aws4fetch. Objects stay private (no ACL is ever set; the bucket's policy must not be public).
// Path-style addressing (endpoint/bucket/key) by default, which every S3 clone speaks.
import { AwsClient } from 'aws4fetch';
import { STORAGE_KEY_PATTERN, type DocumentStorage } from './document-storage.ts';

export interface S3StorageOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  pathStyle: boolean;
}

export function createS3DocumentStorage(options: S3StorageOptions): DocumentStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 2,
  });
  const endpoint = new URL(options.endpoint);

  function urlOf(key: string): string {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error('invalid storage key');
    const url = new URL(endpoint);
    const base = url.pathname.replace(/\/$/, '');
    if (options.pathStyle) url.pathname = `${base}/${options.bucket}/kyc/${key}`;
    else {
      url.hostname = `${options.bucket}.${url.hostname}`;
      url.pathname = `${base}/kyc/${key}`;
    }
    return url.toString();
  }

  async function failed(response: Response, action: string): Promise<never> {
    const detail = (await response.text().catch(() => '')).slice(0, 200);
    throw new Error(`S3 ${action} failed with HTTP ${response.status}: ${detail}`);
  }

  return {
    kind: 's3',
    async put(key, bytes) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: { 'content-type': 'application/octet-stream' },
      });
      if (!response.ok) await failed(response, 'PUT');
    },
    async get(key) {
      const response = await client.fetch(urlOf(key), { method: 'GET' });
      if (response.status === 404) return null;
      if (!response.ok) await failed(response, 'GET');
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await failed(response, 'DELETE');
    },
  };
}
