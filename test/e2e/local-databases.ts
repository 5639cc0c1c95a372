/**
 * Migrates a fresh local store (a `wrangler dev --persist-to` folder) as
 * `npm run db:migrate:local` does, with the same migrations and the same d1_migrations rows,
 * in one process instead of five `wrangler d1 migrations apply` runs (about 9 s each).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { getPlatformProxy, unstable_readConfig } from "wrangler";
import { applyMigrationsAtOnce } from "../support/d1-migrations.ts";

/** What the migration uses of a D1 binding (the Node tooling has no Workers types). */
interface LocalStatement {
  bind(...values: unknown[]): LocalStatement;
  run(): Promise<unknown>;
}

export interface LocalD1 {
  prepare(query: string): LocalStatement;
  batch(statements: unknown[]): Promise<unknown>;
}

export async function migrateLocalDatabases(persistTo: string): Promise<void> {
  await withLocalDatabases(persistTo, async (env, databases) => {
    for (const { binding, migrations_dir } of databases) await applyMigrationsAtOnce(env[binding]!, await readD1Migrations(migrations_dir ?? "migrations"));
  });
}

/** The local store's D1 databases, by binding, for the time `use` runs (migrations, the benchmark's seed). */
export async function withLocalDatabases(
  persistTo: string,
  use: (env: Record<string, LocalD1>, databases: { binding: string; migrations_dir?: string }[]) => Promise<void>,
): Promise<void> {
  const { d1_databases: databases, compatibility_date } = unstable_readConfig({ config: "wrangler.toml" });
  // The databases alone: with the whole config the proxy would also declare the Worker's
  // Durable Objects, whose classes it does not have, and warn about each one.
  const configPath = join(persistTo, "databases.wrangler.json");
  writeFileSync(
    configPath,
    JSON.stringify({
      name: "ranklayer-migrations",
      compatibility_date,
      d1_databases: databases.map(({ binding, database_id, preview_database_id }: (typeof databases)[number]) => ({ binding, database_id, preview_database_id })),
    }),
  );
  const proxy = await getPlatformProxy<Record<string, LocalD1>>({ configPath, persist: { path: join(persistTo, "v3") }, envFiles: [], remoteBindings: false });
  try {
    await use(proxy.env, databases);
  } finally {
    await proxy.dispose();
  }
}
