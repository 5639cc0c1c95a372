import type { D1Migration } from "cloudflare:test";
import { applyMigrationsAtOnce, RECORD_MIGRATION } from "../../support/d1-migrations";

/** The schema a set of migrations leaves (in creation order) and the names they record. */
interface Migrated {
  statements: string[];
  migrationNames: string[];
}

/** Per set of migrations (the main database's, the history shards'), by their names: its copy, or null when the migrations leave rows. */
const copies = new Map<string, Migrated | null>();

/**
 * A database's migrations for a test file, applied the fast way once the workerd has seen them:
 * the first file runs the migrations themselves, and the schema they leave (read back from
 * sqlite_master, in creation order) is what every later file creates, with the same rows in
 * d1_migrations. The 205 migration statements took about 110 ms a file, the 90 objects they
 * leave about 55 (2026-11-28). The copy is exact by construction, being the migrations' own
 * result in this run; if they ever left rows in a table, a copy of the schema would lose them,
 * so then every file runs the migrations.
 */
export async function migrate(db: D1Database, migrations: readonly D1Migration[]): Promise<void> {
  const set = migrations.map((migration) => migration.name).join(" ");
  const copy = copies.get(set);
  if (copy) {
    const record = db.prepare(RECORD_MIGRATION);
    await db.batch([...copy.statements.map((statement) => db.prepare(statement)), ...copy.migrationNames.map((name) => record.bind(name))]);
    return;
  }
  await applyMigrationsAtOnce(db, migrations);
  if (copy === undefined) copies.set(set, await readBack(db));
}

async function readBack(db: D1Database): Promise<Migrated | null> {
  const { results: objects } = await db
    .prepare("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' ORDER BY rowid")
    .all<{ type: string; name: string; sql: string }>();
  const tables = objects.filter((object) => object.type === "table" && object.name !== "d1_migrations");
  const rows = await db.prepare(`SELECT ${tables.map((table) => `(SELECT count(*) FROM "${table.name}")`).join(" + ")} AS n`).first<{ n: number }>();
  if (rows!.n > 0) return null;
  const { results: applied } = await db.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>();
  return { statements: objects.map((object) => object.sql), migrationNames: applied.map((migration) => migration.name) };
}
