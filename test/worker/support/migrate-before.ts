import { env, reset } from "cloudflare:test";
import { applyMigrationsAtOnce } from "../../support/d1-migrations";

/**
 * A migration test's starting point: the main database emptied and migrated up to, not
 * including, migration `name` ("0138"), in one batch and recorded as applyD1Migrations records
 * them, so the test can seed rows the old schema allowed and apply the rest with applyD1Migrations.
 */
export async function migrateBefore(name: string): Promise<void> {
  await reset();
  await applyMigrationsAtOnce(env.DB, env.TEST_MIGRATIONS.filter((migration) => migration.name < name));
}
