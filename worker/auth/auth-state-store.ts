import { eq, lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { appSecrets, usedOauthStates } from "../db/schema";

/** The D1 side of sign-in state: the generated dev signing key and the OAuth nonces already used. */

/**
 * The value stored under `name`, writing `candidate` first if there is none. Insert-if-absent
 * then read, so concurrent isolates all end up with the first value written; `created` says
 * whether this call wrote it.
 */
export async function getOrCreateAppSecret(db: D1Database, name: string, candidate: string): Promise<{ value: string | null; created: boolean }> {
  const orm = drizzle(db);
  const inserted = await orm.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing().run();
  const [row] = await orm.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
  return { value: row?.value ?? null, created: inserted.meta.changes > 0 };
}

/**
 * Records the use of a state nonce; false when it was used before. The primary key makes the
 * second use fail, however close together they race. Expired nonces are pruned on the way.
 */
export async function recordStateUse(db: D1Database, nonce: string, expiresAtIso: string, nowIso: string): Promise<boolean> {
  const orm = drizzle(db);
  const [, recorded] = await orm.batch([
    orm.delete(usedOauthStates).where(lt(usedOauthStates.expiresAt, nowIso)),
    orm.insert(usedOauthStates).values({ nonce, expiresAt: expiresAtIso }).onConflictDoNothing(),
  ]);
  return recorded.meta.changes > 0;
}
