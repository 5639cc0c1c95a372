import { defineConfig } from "drizzle-kit";

/** The schema of every history shard (HISTORY_0 … HISTORY_{n-1}): its own migrations folder. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/history-schema/points.ts",
  out: "./migrations/history",
});
