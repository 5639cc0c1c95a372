/**
 * A database's migrations in one batch, recorded in `d1_migrations` as `wrangler d1 migrations
 * apply` and `applyD1Migrations` record them: for the Worker tests' setup (a D1 binding) and the
 * browser suite's local store (the platform proxy's), which would otherwise pay a round trip per
 * migration.
 */

/** What a migration batch needs of a D1 binding, in workerd or through the Node platform proxy. */
interface Statement<S> {
  bind(...values: unknown[]): S;
}
interface Database<S extends Statement<S>> {
  prepare(query: string): S;
  batch(statements: S[]): Promise<unknown>;
}

/** How a migration is recorded as applied, bound to its name. */
export const RECORD_MIGRATION = "INSERT INTO d1_migrations (name) VALUES (?)";

export async function applyMigrationsAtOnce<S extends Statement<S>>(db: Database<S>, migrations: readonly { name: string; queries: string[] }[]): Promise<void> {
  const record = db.prepare(RECORD_MIGRATION);
  await db.batch([
    db.prepare("CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)"),
    ...migrations.flatMap((migration) => [...migration.queries.map((query) => db.prepare(query)), record.bind(migration.name)]),
  ]);
}
