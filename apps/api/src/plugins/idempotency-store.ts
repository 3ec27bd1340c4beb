// Storage of idempotency keys (table idempotency_keys, migration 0002). A key is claimed by one
// INSERT ... ON CONFLICT DO NOTHING, so among concurrent requests exactly one wins the claim.
import { and, eq } from 'drizzle-orm';
import { schema, type Db } from '@rora/db';

const { idempotencyKeys } = schema;

export interface IdempotencyRequest {
  userId: string;
  key: string;
  method: string;
  path: string;
  requestHash: Buffer;
  now: Date;
}

export interface StoredResponse {
  status: number;
  contentType: string | null;
  body: Buffer;
}

export type ExistingKey =
  { state: 'in_flight'; requestHash: Buffer } | { state: 'completed'; requestHash: Buffer; response: StoredResponse };

export interface IdempotencyStore {
  /** The new row's id when this request won the key, null when the key already exists. */
  claim(request: IdempotencyRequest): Promise<string | null>;
  find(userId: string, key: string): Promise<ExistingKey | null>;
  complete(id: string, response: StoredResponse, now: Date): Promise<void>;
}

export function createIdempotencyStore(db: Db): IdempotencyStore {
  return {
    async claim(request) {
      const rows = await db
        .insert(idempotencyKeys)
        .values({
          userId: request.userId,
          idempotencyKey: request.key,
          requestMethod: request.method,
          requestPath: request.path,
          requestHash: request.requestHash,
          createdAt: request.now,
        })
        .onConflictDoNothing({ target: [idempotencyKeys.userId, idempotencyKeys.idempotencyKey] })
        .returning({ id: idempotencyKeys.id });
      return rows[0]?.id ?? null;
    },

    async find(userId, key) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.idempotencyKey, key)))
        .limit(1);
      if (!row) return null;
      if (row.responseStatus === null) return { state: 'in_flight', requestHash: row.requestHash };
      return {
        state: 'completed',
        requestHash: row.requestHash,
        response: {
          status: row.responseStatus,
          contentType: row.responseContentType,
          body: row.responseBody ?? Buffer.alloc(0),
        },
      };
    },

    async complete(id, response, now) {
      await db
        .update(idempotencyKeys)
        .set({
          responseStatus: response.status,
          responseContentType: response.contentType,
          responseBody: response.body,
          completedAt: now,
        })
        .where(eq(idempotencyKeys.id, id));
    },
  };
}
