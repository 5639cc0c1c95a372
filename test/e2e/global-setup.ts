import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { MIGRATED_STORE_ENV, startAppServer } from "./app-server.ts";
import { E2E_VARS } from "./e2e-vars.ts";
import { migrateLocalDatabases } from "./local-databases.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
  }
}

/**
 * One app server in mock mode for the whole browser suite, and one migrated store that it and
 * every file's own server copy (the test files' workers inherit the environment).
 */
export default async function setup(project: TestProject) {
  const migrated = mkdtempSync(join(tmpdir(), "ranklayer-migrated-"));
  await migrateLocalDatabases(migrated);
  process.env[MIGRATED_STORE_ENV] = migrated;
  // No file reads this server's log: a line per request cost its wrangler about 1.5 s of CPU a run.
  const server = await startAppServer(E2E_VARS, undefined, { logLevel: "warn" });
  project.provide("appUrl", server.url);
  return async () => {
    await server.stop();
    rmSync(migrated, { recursive: true, force: true });
  };
}
