import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { outbound } from "./test/fakes/outbound.ts";

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./worker/index.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // Every fetch the Worker makes lands in a fake upstream that checks the request.
        outboundService: outbound,
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          TEST_HISTORY_MIGRATIONS: await readD1Migrations("./migrations/history"),
          // Lookups in tests follow each other within milliseconds on one credential: a deep
          // burst keeps them from queueing on its budget (the budget's own tests set theirs).
          CREATORS_BURST: "1000",
          // One snapshot call per 100 s: each SnapshotRunner alarm makes exactly one call and
          // sets the next alarm far ahead, so tests step the chain with runDurableObjectAlarm.
          SNAPSHOT_REQUESTS_PER_SECOND: "0.01",
          // Every test browser signs in from one address: the demo throttle's own tests lower it again.
          DEMO_ACCOUNTS_PER_HOUR: "1000000",
          // Tests wait on each request's waitUntil work: a lookup-log window of 0 ms (one timer
          // turn) instead of 250 keeps every lookup from idling a quarter second.
          LOOKUP_LOG_FLUSH_MS: "0",
          // Likewise each API key request would wait up to a second for its usage write.
          API_KEY_USAGE_FLUSH_MS: "0",
        },
      },
    })),
  ],
  test: {
    include: ["test/worker/**/*.test.ts"],
    // One workerd per vitest worker, reused file after file: starting one per file cost two
    // thirds of the suite's time. The setup file empties every store between files.
    isolate: false,
    // Two files at a time: much of a file's time is spent waiting on the fake upstreams in Node
    // and on D1, so one at a time took 179 s alone on 2026-11-27's 2-core machine. A third
    // workerd gained no time (95 to 97 s alone) and cost 20 to 38 s more CPU (148 to 153 s against
    // 115 to 129), CPU that npm test's browser lane, the longest, was waiting for.
    maxWorkers: 2,
    // Two files share two CPUs, and in npm test the web and browser suites too: a test or hook
    // that seeds hundreds of rows or sends hundreds of requests (nightly-jobs, key-concurrency)
    // takes 2-4 s alone and took up to 14 s beside the others.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    setupFiles: ["./test/worker/apply-migrations.ts"],
  },
});
