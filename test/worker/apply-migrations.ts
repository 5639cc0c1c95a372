import { env, reset } from "cloudflare:test";
import { vi } from "vitest";
import { isolateState } from "../../worker/shared/isolate-state";
import { migrate } from "./support/migrated-schema";

/**
 * Test files take turns in one workerd per vitest worker (isolate: false in
 * vitest.worker.config.ts): starting a workerd for every file cost two thirds of the suite's
 * time. So each file starts from nothing here: the last file's background work (waitUntil, as
 * tracked by the isolate state) finished, not left to write into this file's stores; the
 * per-isolate caches (hot lookups, leases, tokens, the signing key) emptied; every Durable
 * Object with its alarm, D1 database, KV and R2 store emptied; no fake clock or stub left.
 */
// Every history shard has the same schema (migrations/history).
const DATABASES = [
  { db: env.DB, migrations: env.TEST_MIGRATIONS },
  ...[env.HISTORY_0, env.HISTORY_1, env.HISTORY_2, env.HISTORY_3].map((db) => ({ db, migrations: env.TEST_HISTORY_MIGRATIONS })),
];

// Real timers first: the last file's background work may wait on a timer (the lookup log's window).
vi.useRealTimers();
await isolateState.reset();
await resetUntilEmpty();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

// Each database's schema in one batch (a batch per migration was most of a file's setup: about
// 450 ms against 150), recorded as applyD1Migrations records migrations, so a migration's own test
// can apply the rest with it.
await Promise.all(DATABASES.map(({ db, migrations }) => migrate(db, migrations)));

/**
 * The pool's reset() now and then leaves the history shards as the last file left them (three
 * files in a run of 245 on 2026-11-27, each time after a file that read history); a second
 * reset empties them. Applied one migration at a time, the migrations skipped what was there,
 * and the last file's rows stayed with them.
 */
async function resetUntilEmpty(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await reset();
    const objects = await Promise.all(DATABASES.map(async ({ db }) => (await db.prepare("SELECT count(*) AS n FROM sqlite_master").first<{ n: number }>())!.n));
    if (objects.every((count) => count === 0)) return;
    if (attempt === 5) throw new Error(`reset() left ${objects.join(", ")} schema objects in DB, HISTORY_0..3 after ${attempt} tries`);
  }
}
