// The house's market participants are the house's own rows: created once, found again, and never a
// customer's account that registered the house's address first (the audit does not count what the
// house holds as owed, ADR 0078).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@rora/db/testing';
import { ensureParticipant } from './participants.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.destroy());

const participants = async () =>
  (await database.db.execute<{ role: string; user_id: string }>(sql`SELECT role, user_id FROM market_participants`))
    .rows;

describe('ensureParticipant', () => {
  it('creates the participant once and finds it again', async () => {
    const first = await ensureParticipant(database.db, 'market_maker');
    expect(await ensureParticipant(database.db, 'market_maker')).toBe(first);
    expect(await participants()).toEqual([{ role: 'market_maker', user_id: first }]);
  });

  it("refuses a customer's account that registered the house's address first, and leaves it a customer", async () => {
    const { rows } = await database.db.execute<{ id: string }>(sql`
      INSERT INTO users (email, password_hash) VALUES ('sandbox-flow@house.rora.internal', '$argon2id$customer')
      RETURNING id`);
    await expect(ensureParticipant(database.db, 'sandbox_flow')).rejects.toThrow(
      "sandbox-flow@house.rora.internal is a customer's account: the sandbox_flow cannot take it",
    );
    expect((await participants()).map((row) => row.user_id)).not.toContain(rows[0]!.id);
  });
});
