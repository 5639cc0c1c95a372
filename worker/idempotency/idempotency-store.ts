import { and, eq, lt, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { idempotencyKeys as k } from "../db/schema";
import { deleteInChunks } from "../shared/delete-in-chunks";
import { judgeKeptKey } from "./idempotency-rules";

/** A kept answer, given again to a retry. */
export interface KeptAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

export type Claim = { kind: "claimed" } | { kind: "replay"; answer: KeptAnswer } | { kind: "reused" } | { kind: "running" };

/**
 * Claims `key` for `userId`'s request with `fingerprint`, or says what the key already on file
 * means (idempotency-rules.ts). The claim is one insert that does nothing when the key exists,
 * and taking over an expired or abandoned one changes the row only if nobody else did meanwhile,
 * so of two requests racing with one key exactly one runs.
 */
export async function claimKey(db: D1Database, userId: string, key: string, fingerprint: string, nowMs: number): Promise<Claim> {
  const orm = drizzle(db);
  const now = new Date(nowMs).toISOString();
  const inserted = await orm.insert(k).values({ userId, key, fingerprint, createdAt: now }).onConflictDoNothing().returning({ key: k.key });
  if (inserted.length > 0) return { kind: "claimed" };
  const [kept] = await orm.select().from(k).where(and(eq(k.userId, userId), eq(k.key, key)));
  // Deleted since the insert (its request failed and let it go): the retry may claim it next time.
  if (!kept) return { kind: "running" };
  const verdict = judgeKeptKey(kept, fingerprint, nowMs);
  if (verdict === "replay") return { kind: "replay", answer: { status: kept.status!, contentType: kept.contentType, body: kept.body ?? "" } };
  if (verdict !== "claim") return { kind: verdict };
  const taken = await orm
    .update(k)
    .set({ fingerprint, status: null, contentType: null, body: null, createdAt: now })
    .where(and(eq(k.userId, userId), eq(k.key, key), eq(k.createdAt, kept.createdAt)))
    .returning({ key: k.key });
  return taken.length > 0 ? { kind: "claimed" } : { kind: "running" };
}

/** Keeps the answer of a claimed key's request that passed. */
export async function keepAnswer(db: D1Database, userId: string, key: string, answer: KeptAnswer): Promise<void> {
  await drizzle(db)
    .update(k)
    .set({ status: answer.status, contentType: answer.contentType, body: answer.body })
    .where(and(eq(k.userId, userId), eq(k.key, key)));
}

/** Lets a claimed key go (its request was refused or failed): a retry with it runs afresh. */
export async function releaseKey(db: D1Database, userId: string, key: string): Promise<void> {
  await drizzle(db)
    .delete(k)
    .where(and(eq(k.userId, userId), eq(k.key, key)));
}

/** Deletes the keys claimed before `cutoffIso` (the retention run), `chunk` rows a statement; how many went. */
export async function deleteIdempotencyKeysBefore(db: D1Database, cutoffIso: string, chunk: number): Promise<number> {
  const orm = drizzle(db);
  const old = orm.select({ rowid: sql`rowid` }).from(k).where(lt(k.createdAt, cutoffIso)).limit(chunk);
  return deleteInChunks(chunk, async () => (await orm.delete(k).where(sql`rowid in ${old}`).run()).meta.changes);
}
