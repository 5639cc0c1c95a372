import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { outbound } from "./test/fakes/outbound.ts";

/**
 * `npm run simulate`: the capacity benchmarks of test/simulate (not part of npm test). They
 * run the Worker's own code in workerd, on the local D1 and R2, on a virtual clock.
 */
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        outboundService: outbound,
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          TEST_HISTORY_MIGRATIONS: await readD1Migrations("./migrations/history"),
          // Buckets in the storage sample (history-storage.sim.ts): 5 ≈ 0.12 % of 1,000,000 ASINs.
          SIM_BUCKETS: process.env.SIM_BUCKETS ?? "5",
        },
      },
    })),
  ],
  test: {
    include: ["test/simulate/**/*.sim.ts"],
    setupFiles: ["./test/worker/apply-migrations.ts"],
    testTimeout: 3_600_000,
    fileParallelism: false,
  },
});
