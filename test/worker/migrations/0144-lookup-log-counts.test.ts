import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { readRecentLookups } from "../../../worker/lookup/lookup-log-report-store";
import { migrateBefore } from "../support/migrate-before";

/** Migration 0144 on a log written a row per lookup: each of those rows stands for one lookup. */
describe("migration 0144: a lookup_log row counts its lookups", () => {
  beforeAll(async () => {
    await migrateBefore("0144");
    await env.DB.exec(
      "INSERT INTO lookup_log (asin, marketplace, status, source, duration_ms) VALUES ('B000000144', 'US', 503, NULL, 4000), ('B000000144', 'US', 503, NULL, 3000), ('B000000144', 'US', 200, 'live', 900)",
    );
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  });

  it("gives every earlier row one lookup, so the status page's counts read as before", async () => {
    const { results } = await env.DB.prepare("SELECT status, duration_ms, lookups FROM lookup_log ORDER BY duration_ms").all();
    expect(results).toEqual([
      { status: 200, duration_ms: 900, lookups: 1 },
      { status: 503, duration_ms: 3000, lookups: 1 },
      { status: 503, duration_ms: 4000, lookups: 1 },
    ]);
    expect(await readRecentLookups(env.DB, 5)).toEqual({ failures: 2, liveSuccesses: 1 });
  });
});
