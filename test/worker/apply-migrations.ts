import { applyD1Migrations, env, reset } from "cloudflare:test";
import { waitForGlobalWaitUntil } from "cloudflare:test-internal";
import { vi } from "vitest";

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
forgetProjectModules();
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Every history shard has the same schema (migrations/history).
for (const binding of ["HISTORY_0", "HISTORY_1", "HISTORY_2", "HISTORY_3"] as const) {
  await applyD1Migrations(env[binding], env.TEST_HISTORY_MIGRATIONS);
}

interface ModuleNode {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
}

/**
 * vi.resetModules() for worker/ and test/ only. vi.resetModules() itself would also
 * re-evaluate every dependency (Stripe, zod, pdf-lib…) for every file, which costs more than
 * the workerd start-up this saves; dependencies keep no state the tests depend on.
 */
function forgetProjectModules(): void {
  const state = (globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: Map<string, ModuleNode> } } }).__vitest_worker__;
  const modules = state?.evaluatedModules?.idToModuleMap;
  if (!(modules instanceof Map)) throw new Error("vitest's module registry moved: update forgetProjectModules (or set isolate: true)");
  const self = [...modules.keys()].find((id) => id.endsWith("/test/worker/apply-migrations.ts"));
  if (!self) throw new Error("the setup file is not in vitest's module registry");
  const root = self.slice(0, -"test/worker/apply-migrations.ts".length);
  for (const [id, node] of modules) {
    if (id === self || !(id.startsWith(`${root}worker/`) || id.startsWith(`${root}test/`))) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
}
