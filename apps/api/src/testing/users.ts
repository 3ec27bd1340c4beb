// A signed-in customer for API tests: a users row (with a placeholder password hash, so it cannot
// sign in through the login route) and a real session token from the session service.
import { randomBytes } from 'node:crypto';
import { schema } from '@rora/db';
import type { TestApp } from './test-app.ts';

export interface TestUser {
  userId: string;
  token: string;
  email: string;
  /** `{ authorization: 'Bearer <token>' }` for inject. */
  headers: { authorization: string };
}

/** `createTestUser(t)` with the TestApp of createTestApp; `values` sets columns (preferences, phone...). */
export async function createTestUser(
  t: Pick<TestApp, 'app' | 'database'>,
  values: Partial<typeof schema.users.$inferInsert> = {},
): Promise<TestUser> {
  const { app, database } = t;
  const email = values.email ?? `customer-${randomBytes(6).toString('hex')}@example.com`;
  const [row] = await database.db
    .insert(schema.users)
    .values({ passwordHash: '$argon2id$test-placeholder', ...values, email })
    .returning({ id: schema.users.id });
  const { token } = await app.services.sessions.create(row!.id, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { userId: row!.id, token, email, headers: { authorization: `Bearer ${token}` } };
}
