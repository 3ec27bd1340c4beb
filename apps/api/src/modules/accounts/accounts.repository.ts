// Reads and writes of customers (users) and their security settings (account_security). A missing
// account_security row means nothing is set yet: reads join it, writes upsert it.
import { eq, sql } from 'drizzle-orm';
import type { LanguageCode } from '@rora/contracts';
import { schema, type Db, type Tx } from '@rora/db';

const { users, accountSecurity } = schema;
type Executor = Db | Tx;

export type SecurityRow = typeof accountSecurity.$inferSelect;

const profileColumns = {
  id: users.id,
  email: users.email,
  phoneCountryCode: users.phoneCountryCode,
  phoneNumber: users.phoneNumber,
  shareData: users.shareData,
  receiveUpdates: users.receiveUpdates,
  aiNotifications: users.aiNotifications,
  administrativeEmails: users.administrativeEmails,
  newsletterEmails: users.newsletterEmails,
  language: users.language,
  theme: users.theme,
  kycStatus: users.kycStatus,
  createdAt: users.createdAt,
  emailVerifiedAt: accountSecurity.emailVerifiedAt,
  phoneVerifiedAt: accountSecurity.phoneVerifiedAt,
  twoFactorEnabled: sql<boolean>`${accountSecurity.totpSecret} IS NOT NULL`,
  withdrawal2faEnabled: sql<boolean>`COALESCE(${accountSecurity.withdrawal2faEnabled}, false)`,
  pinSet: sql<boolean>`${accountSecurity.pinHash} IS NOT NULL`,
};

const contactColumns = {
  id: users.id,
  phoneCountryCode: users.phoneCountryCode,
  phoneNumber: users.phoneNumber,
  phoneVerifiedAt: accountSecurity.phoneVerifiedAt,
};

export interface NewUser {
  email: string;
  passwordHash: string;
  phone: { countryCode: string; number: string } | undefined;
  shareData: boolean;
  receiveUpdates: boolean;
  /** The language the customer registered in (the page's); the column's default otherwise. */
  language?: LanguageCode | undefined;
  now: Date;
}

export type PreferencePatch = Partial<
  Pick<
    typeof users.$inferInsert,
    'aiNotifications' | 'administrativeEmails' | 'newsletterEmails' | 'language' | 'theme'
  >
>;

async function upsertSecurity(executor: Executor, userId: string, values: Partial<Omit<SecurityRow, 'userId'>>) {
  await executor
    .insert(accountSecurity)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: accountSecurity.userId, set: values });
}

/** Inserts the customer, or answers null when the e-mail is taken. */
async function insertUser(tx: Executor, user: NewUser): Promise<string | null> {
  const [row] = await tx
    .insert(users)
    .values({
      email: user.email,
      passwordHash: user.passwordHash,
      phoneCountryCode: user.phone?.countryCode ?? null,
      phoneNumber: user.phone?.number ?? null,
      shareData: user.shareData,
      receiveUpdates: user.receiveUpdates,
      newsletterEmails: user.receiveUpdates,
      ...(user.language ? { language: user.language } : {}),
      createdAt: user.now,
      updatedAt: user.now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id ?? null;
}

export function createAccountsRepository(db: Db) {
  return {
    upsertSecurity,
    insertUser,

    async profile(userId: string) {
      const [row] = await db
        .select(profileColumns)
        .from(users)
        .leftJoin(accountSecurity, eq(accountSecurity.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    async credentials(email: string) {
      const [row] = await db
        .select({ id: users.id, passwordHash: users.passwordHash, totpSecret: accountSecurity.totpSecret })
        .from(users)
        .leftJoin(accountSecurity, eq(accountSecurity.userId, users.id))
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    async userById(userId: string) {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    async contact(email: string) {
      const [row] = await db
        .select(contactColumns)
        .from(users)
        .leftJoin(accountSecurity, eq(accountSecurity.userId, users.id))
        .where(eq(users.email, email))
        .limit(1);
      return row;
    },

    async security(userId: string, executor: Executor = db): Promise<SecurityRow | undefined> {
      const [row] = await executor.select().from(accountSecurity).where(eq(accountSecurity.userId, userId)).limit(1);
      return row;
    },

    async setPassword(tx: Executor, userId: string, passwordHash: string, now: Date) {
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
      await upsertSecurity(tx, userId, { passwordChangedAt: now });
    },

    async updatePreferences(userId: string, patch: PreferencePatch, now: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ ...patch, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
export type ProfileRow = NonNullable<Awaited<ReturnType<AccountsRepository['profile']>>>;
