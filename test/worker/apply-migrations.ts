import { applyD1Migrations, env, reset } from "cloudflare:test";
import { vi } from "vitest";
import { isolateState } from "../../worker/shared/isolate-state";

/**
 * Test files take turns in one workerd per vitest worker (isolate: false in
 * vitest.worker.config.ts): starting a workerd for every file cost two thirds of the suite's
 * time. So each file starts from nothing here: the last file's background work (waitUntil, as
 * tracked by the isolate state) finished, not left to write into this file's stores; the
 * per-isolate caches (hot lookups, leases, tokens, the signing key) emptied; every Durable
 * Object with its alarm, D1 database, KV and R2 store emptied; no fake clock or stub left.
 */
// Real timers first: the last file's background work may wait on a timer (the lookup log's window).
vi.useRealTimers();
await isolateState.reset();
await reset();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Every history shard has the same schema (migrations/history).
for (const binding of ["HISTORY_0", "HISTORY_1", "HISTORY_2", "HISTORY_3"] as const) {
  await applyD1Migrations(env[binding], env.TEST_HISTORY_MIGRATIONS);
}
