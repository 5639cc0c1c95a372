import { and, count, desc, eq, gt, gte, inArray, isNull, lt, min, sql } from "drizzle-orm";
import { DAY_MS, HOUR_MS } from "../contract/time";
import { drizzle } from "drizzle-orm/d1";
import { accountEmails, emailSignInRequests, users } from "../db/schema";
import { normalizeEmail, type SendWindow, type SignInPurpose } from "./email-sign-in";

/** The D1 side of email sign-in: requests (hashes only), and the address of each account. */

export type SignInRequestRecord = typeof emailSignInRequests.$inferSelect;
export type EmailUserRecord = typeof users.$inferSelect;

/** Requests are kept this long: past their 15 minutes they only count toward the hourly limits. */
const KEEP_REQUESTS_MS = DAY_MS;

/** Counts and oldest send, in the hour before `nowMs`, for the address, the client and everyone. */
export async function sendWindowOf(db: D1Database, email: string, clientHash: string, nowMs: number): Promise<SendWindow> {
  const orm = drizzle(db);
  const since = new Date(nowMs - HOUR_MS).toISOString();
  const tally = (where: ReturnType<typeof and>) =>
    orm.select({ count: count(), oldestAt: min(emailSignInRequests.createdAt) }).from(emailSignInRequests).where(where);
  const dayAgo = new Date(nowMs - DAY_MS).toISOString();
  const [[address], [addressDay], [client], [global]] = await orm.batch([
    tally(and(eq(emailSignInRequests.email, email), gt(emailSignInRequests.createdAt, since))),
    tally(and(eq(emailSignInRequests.email, email), gt(emailSignInRequests.createdAt, dayAgo))),
    tally(and(eq(emailSignInRequests.clientHash, clientHash), gt(emailSignInRequests.createdAt, since))),
    tally(gt(emailSignInRequests.createdAt, since)),
  ]);
  const zero = { count: 0, oldestAt: null };
  return { address: address ?? zero, addressDay: addressDay ?? zero, client: client ?? zero, global: global ?? zero };
}

export interface NewSignInRequest {
  id: string;
  email: string;
  purpose: SignInPurpose;
  userId: string | null;
  clientHash: string;
  linkHash: string;
  codeHash: string;
  createdAt: string;
  expiresAt: string;
}

/** Stores a request and drops the ones older than a day (no limit looks back that far). */
export async function insertSignInRequest(db: D1Database, request: NewSignInRequest, nowMs: number): Promise<void> {
  const orm = drizzle(db);
  await orm.batch([
    orm.delete(emailSignInRequests).where(lt(emailSignInRequests.createdAt, new Date(nowMs - KEEP_REQUESTS_MS).toISOString())),
    orm.insert(emailSignInRequests).values(request),
  ]);
}

export async function findRequestByLinkHash(db: D1Database, linkHash: string): Promise<SignInRequestRecord | null> {
  const [row] = await drizzle(db).select().from(emailSignInRequests).where(eq(emailSignInRequests.linkHash, linkHash)).limit(1);
  return row ?? null;
}

export async function findRequest(db: D1Database, id: string): Promise<SignInRequestRecord | null> {
  const [row] = await drizzle(db).select().from(emailSignInRequests).where(eq(emailSignInRequests.id, id)).limit(1);
  return row ?? null;
}

/** Those of `ids` that are requests for `email`, in the order given: one read, however many ids. */
export async function requestIdsFor(db: D1Database, ids: readonly string[], email: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const t = emailSignInRequests;
  const found = new Set((await drizzle(db).select({ id: t.id }).from(t).where(and(inArray(t.id, [...ids]), eq(t.email, email)))).map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

/**
 * The account's add_email requests still live (unused, unexpired, with tries left), newest first:
 * the ones a code typed in its signed-in browser is tried against.
 */
export async function liveAddEmailRequestIds(db: D1Database, userId: string, nowIso: string, maxAttempts: number, limit: number): Promise<string[]> {
  const t = emailSignInRequests;
  const rows = await drizzle(db)
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.purpose, "add_email"), isNull(t.usedAt), gt(t.expiresAt, nowIso), lt(t.attempts, maxAttempts)))
    .orderBy(desc(t.createdAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Uses a request once: true for the one caller that marked it, false when used, expired or dead already. */
export async function useRequest(db: D1Database, id: string, nowIso: string, maxAttempts: number): Promise<boolean> {
  const { meta } = await drizzle(db)
    .update(emailSignInRequests)
    .set({ usedAt: nowIso })
    .where(
      and(
        eq(emailSignInRequests.id, id),
        isNull(emailSignInRequests.usedAt),
        gt(emailSignInRequests.expiresAt, nowIso),
        lt(emailSignInRequests.attempts, maxAttempts),
      ),
    )
    .run();
  return meta.changes === 1;
}

/**
 * Tries a typed code against a live request in one statement: the right code uses the request,
 * a wrong one counts a try. Reading first and counting after would let guesses sent all at once
 * each see the same count, and so pass the limit. Null when the request is used, expired or out
 * of tries, or of another purpose (no code was compared); else the row as now stored.
 */
export async function tryCode(db: D1Database, id: string, purpose: SignInPurpose, codeHash: string, nowIso: string, maxAttempts: number): Promise<SignInRequestRecord | null> {
  const t = emailSignInRequests;
  const [row] = await drizzle(db)
    .update(t)
    .set({
      attempts: sql`${t.attempts} + (${t.codeHash} <> ${codeHash})`,
      usedAt: sql`CASE WHEN ${t.codeHash} = ${codeHash} THEN ${nowIso} ELSE ${t.usedAt} END`,
    })
    .where(and(eq(t.id, id), eq(t.purpose, purpose), isNull(t.usedAt), gt(t.expiresAt, nowIso), lt(t.attempts, maxAttempts)))
    .returning();
  return row ?? null;
}

/**
 * The account an address (normalizeEmail's form) signs in to, if any. A row stored before domains
 * were kept as A-labels (`anna@bücher.de`) is found by either form too, and is rewritten to the
 * A-label then, so that invitations and every later comparison see one form.
 */
export async function accountOfEmail(db: D1Database, email: string): Promise<EmailUserRecord | null> {
  const found = await accountOfStoredEmail(db, email);
  // Every Unicode domain has an "xn--" label as an A-label: other addresses have no older form.
  if (found || !email.includes("xn--")) return found;
  return adoptUnicodeForm(db, email);
}

/** The row of `email` stored with its Unicode domain, moved to `email`; then its account. */
async function adoptUnicodeForm(db: D1Database, email: string): Promise<EmailUserRecord | null> {
  const orm = drizzle(db);
  const prefix = email.slice(0, email.lastIndexOf("@") + 1);
  // Every address with this local part, by a range the unique index serves (no table scan).
  const rows = await orm
    .select({ userId: accountEmails.userId, email: accountEmails.email })
    .from(accountEmails)
    .where(and(gte(accountEmails.email, prefix), lt(accountEmails.email, `${prefix}\u{10FFFF}`)));
  const older = rows.find((row) => row.email !== email && normalizeEmail(row.email) === email);
  if (!older) return null;
  try {
    await orm.update(accountEmails).set({ email }).where(and(eq(accountEmails.userId, older.userId), eq(accountEmails.email, older.email)));
  } catch {
    // A sign-in at the same moment stored the A-label first (unique index): that row answers below.
  }
  return accountOfStoredEmail(db, email);
}

async function accountOfStoredEmail(db: D1Database, email: string): Promise<EmailUserRecord | null> {
  const [row] = await drizzle(db)
    .select({ user: users })
    .from(accountEmails)
    .innerJoin(users, eq(users.id, accountEmails.userId))
    .where(eq(accountEmails.email, email))
    .limit(1);
  return row?.user ?? null;
}

export async function emailOfAccount(db: D1Database, userId: string): Promise<string | null> {
  const [row] = await drizzle(db).select({ email: accountEmails.email }).from(accountEmails).where(eq(accountEmails.userId, userId)).limit(1);
  return row?.email ?? null;
}

/**
 * The account of a first email sign-in, on Free (no subscription row). Its users row needs a
 * selling-partner id until a seller account is connected: `EMAIL-<id>`, which no Amazon id can
 * equal (those are upper-case alphanumerics only). Two first sign-ins racing: one account wins.
 */
export async function createEmailAccount(db: D1Database, email: string, nowIso: string): Promise<EmailUserRecord> {
  const orm = drizzle(db);
  const id = crypto.randomUUID();
  try {
    await orm.batch([
      orm.insert(users).values({ id, sellingPartnerId: `EMAIL-${id}`, isDemo: false }),
      orm.insert(accountEmails).values({ userId: id, email, confirmedAt: nowIso }),
    ]);
  } catch (error) {
    const winner = await accountOfEmail(db, email);
    if (winner) return winner;
    throw error;
  }
  const [row] = await orm.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new Error("the new email account was not stored");
  return row;
}

/** Sets (or replaces) the confirmed address of an account; "taken" when another account has it. */
export async function confirmAccountEmail(db: D1Database, userId: string, email: string, nowIso: string): Promise<"ok" | "taken"> {
  const owner = await accountOfEmail(db, email);
  if (owner && owner.id !== userId) return "taken";
  try {
    await drizzle(db)
      .insert(accountEmails)
      .values({ userId, email, confirmedAt: nowIso })
      .onConflictDoUpdate({ target: accountEmails.userId, set: { email, confirmedAt: nowIso } });
  } catch {
    return "taken";
  }
  return "ok";
}

