import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { accountEmails, passkeys } from "../db/schema";
import { isRealSellerId, type WaysIn } from "./account-rules";

/**
 * How an account can sign in: its passkeys, a confirmed address, and Amazon for a real seller id
 * (the callback signs in by seller id, with or without a stored grant: a disconnected seller signs
 * in again, from a browser that signed in before, and that reconnects it).
 */
export async function waysInOf(db: D1Database, user: { id: string; sellingPartnerId: string; isDemo: boolean }): Promise<WaysIn & { email: boolean; address: string | null }> {
  const orm = drizzle(db);
  const [[keys], [email]] = await orm.batch([
    orm.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, user.id)),
    orm.select({ email: accountEmails.email }).from(accountEmails).where(eq(accountEmails.userId, user.id)),
  ]);
  const amazon = !user.isDemo && isRealSellerId(user.sellingPartnerId);
  return { passkeys: keys?.n ?? 0, email: Boolean(email), amazon, address: email?.email ?? null };
}

/**
 * Removes one of the account's passkeys only while another passkey or a confirmed address stays
 * (canRemovePasskey's rule), in one statement, so two removals at once cannot both pass a check
 * made before either ran. False when nothing went.
 */
export async function deletePasskeyKeepingAWayIn(db: D1Database, userId: string, passkeyId: string): Promise<boolean> {
  const { meta } = await db
    .prepare(
      `DELETE FROM passkeys WHERE user_id = ?1 AND id = ?2 AND (
         EXISTS (SELECT 1 FROM passkeys other WHERE other.user_id = ?1 AND other.id <> ?2)
         OR EXISTS (SELECT 1 FROM account_emails WHERE user_id = ?1))`,
    )
    .bind(userId, passkeyId)
    .run();
  return meta.changes === 1;
}
