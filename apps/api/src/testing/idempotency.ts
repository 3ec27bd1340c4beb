// For tests of a keyed request whose process died after its effect committed but before its answer
// was stored: the key is put back in flight, owned by a process that holds no lease (ADR 0024).
import { sql } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';

export async function loseAnswer(t: TestApp, userId: string, key: string): Promise<void> {
  const { rowCount } = await t.database.db.execute(sql`
    UPDATE idempotency_keys
       SET response_status = NULL, response_content_type = NULL, response_body = NULL, completed_at = NULL,
           owner_id = gen_random_uuid()
     WHERE user_id = ${userId} AND idempotency_key = ${key}`);
  if (rowCount !== 1) throw new Error(`no idempotency key ${key} to put back in flight`);
}
