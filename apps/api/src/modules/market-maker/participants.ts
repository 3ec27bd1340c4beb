// The house's market participants: users rows that cannot sign in (no usable password hash, no
// newsletters), flagged in market_participants, with inventory funded from the house
// (external_world -> available, code house_funding), topped up at start when it ran low.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@rora/db';
import type { Ledger } from '@rora/ledger';
import { parseAmount, assetScale, type AssetSymbol } from '@rora/money';

export type ParticipantRole = 'market_maker' | 'sandbox_flow';

const EMAILS: Record<ParticipantRole, string> = {
  market_maker: 'market-maker@house.rora.internal',
  sandbox_flow: 'sandbox-flow@house.rora.internal',
};

/** No password hashes to this: the house's participants cannot sign in. */
const HOUSE_PASSWORD_HASH = '!house-account: no sign-in';

/** Whole units of inventory per asset, for the market maker; the sandbox flow gets a tenth. */
export const PARTICIPANT_INVENTORY: Readonly<Partial<Record<AssetSymbol, string>>> = {
  USDT: '20000000',
  BTC: '60',
  ETH: '800',
  LTC: '20000',
  ADX: '8000000',
  BUSD: '2000000',
  XRP: '2500000',
  SOL: '10000',
  BNB: '2500',
};

/** The participant's user id, created on first call. */
export async function ensureParticipant(db: Db, role: ParticipantRole): Promise<string> {
  const existing = await db.execute<{ user_id: string }>(
    sql`SELECT user_id FROM market_participants WHERE role = ${role}`,
  );
  if (existing.rows[0]) return existing.rows[0].user_id;
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO users (email, password_hash, share_data, receive_updates, ai_notifications, administrative_emails,
                         newsletter_emails, kyc_status)
      VALUES (${EMAILS[role]}, ${HOUSE_PASSWORD_HASH}, false, false, false, false, false, 'approved')
      ON CONFLICT (email) DO NOTHING`);
    // Only the house's own row: a customer who registered the address first keeps their account, and
    // never becomes the house (whose holdings the audit does not count as owed, ADR 0078).
    const { rows } = await tx.execute<{ id: string }>(
      sql`SELECT id FROM users WHERE email = ${EMAILS[role]} AND password_hash = ${HOUSE_PASSWORD_HASH}`,
    );
    if (!rows[0]) throw new Error(`${EMAILS[role]} is a customer's account: the ${role} cannot take it`);
    const userId = rows[0].id;
    await tx.execute(sql`INSERT INTO market_participants (user_id, role) VALUES (${userId}::uuid, ${role})
      ON CONFLICT (role) DO NOTHING`);
    return userId;
  });
}

/** The participant's target of `asset`, in minor units (0 when it holds none). */
export function inventoryTarget(role: ParticipantRole, asset: AssetSymbol): bigint {
  const whole = PARTICIPANT_INVENTORY[asset];
  if (!whole) return 0n;
  return parseAmount(whole, assetScale(asset)) / (role === 'market_maker' ? 1n : 10n);
}

/** Tops the participant's inventory up to its target when it fell under half of it. */
export async function fundParticipant(db: Db, ledger: Ledger, options: { userId: string; role: ParticipantRole }) {
  const balances = await ledger.getBalances(db, options.userId);
  for (const asset of Object.keys(PARTICIPANT_INVENTORY) as AssetSymbol[]) {
    const target = inventoryTarget(options.role, asset);
    const held = balances.find((balance) => balance.asset === asset);
    const total = (held?.available ?? 0n) + (held?.held ?? 0n);
    if (total * 2n >= target) continue;
    await ledger.transfer(db, {
      id: randomUUID(),
      asset,
      debit: { system: 'external_world' },
      credit: { owner: options.userId, kind: 'available' },
      amount: target - total,
      code: 'house_funding',
      metadata: { participant: options.role },
    });
  }
}
