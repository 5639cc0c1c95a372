import { applyD1Migrations, env, reset } from "cloudflare:test";
import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { vi } from "vitest";
import { forgetProjectModules } from "../support/project-modules";

/**
 * Test files take turns in one workerd per vitest worker (isolate: false in
 * vitest.worker.config.ts): starting a workerd for every file cost two thirds of the suite's
 * time. So each file starts from nothing here: the last file's background work (waitUntil)
 * finished, not left to write into this file's stores; every Durable Object with its alarm, D1
 * database, KV and R2 store emptied; the project's own modules evaluated afresh, so per-isolate
 * caches (hot lookups, leases, tokens, the signing key) start empty; no fake clock or stub left.
 */
// A failure there belonged to the last file's requests, which have passed or failed already.
await waitForGlobalWaitUntil().catch(() => {});
await reset();
forgetProjectModules("test/worker/apply-migrations.ts", ["worker", "test"]);
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Every history shard has the same schema (migrations/history).
for (const binding of ["HISTORY_0", "HISTORY_1", "HISTORY_2", "HISTORY_3"] as const) {
  await applyD1Migrations(env[binding], env.TEST_HISTORY_MIGRATIONS);
}
