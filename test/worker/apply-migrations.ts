import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
// Every history shard has the same schema (migrations/history).
for (const binding of ["HISTORY_0", "HISTORY_1", "HISTORY_2", "HISTORY_3"] as const) {
  await applyD1Migrations(env[binding], env.TEST_HISTORY_MIGRATIONS);
}
