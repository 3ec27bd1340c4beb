// A customer's e-mail preferences, read when a message is first sent and again when the worker sends
// a failed one again (resend-failed-emails.ts): a category switched off meanwhile is not sent.
import { eq } from 'drizzle-orm';
import { schema, type Db } from '@rora/db';

const { users } = schema;

export type EmailCategory = 'security' | 'administrative' | 'newsletter' | 'price_alert';

export interface RecipientPreferences {
  language: string | null;
  /** One flag per category a customer can switch off, named as the category. */
  administrative: boolean;
  newsletter: boolean;
  price_alert: boolean;
}

/** The customer the message is for, by id, else by address in any letter case; none for a visitor. */
export async function preferencesOf(
  db: Db,
  recipient: { userId?: string | null | undefined; to: string },
): Promise<RecipientPreferences | undefined> {
  const where = recipient.userId ? eq(users.id, recipient.userId) : eq(users.email, recipient.to.trim().toLowerCase());
  const [row] = await db
    .select({
      language: users.language,
      administrative: users.administrativeEmails,
      newsletter: users.newsletterEmails,
      price_alert: users.aiNotifications,
    })
    .from(users)
    .where(where)
    .limit(1);
  return row;
}

/** Security mail always goes out; someone who is not (yet) a customer has no preferences to honour. */
export function wantsCategory(preferences: RecipientPreferences | undefined, category: string): boolean {
  if (category === 'security' || !preferences) return true;
  // A category the customer cannot switch off (none today) goes out.
  return preferences[category as Exclude<EmailCategory, 'security'>] ?? true;
}
