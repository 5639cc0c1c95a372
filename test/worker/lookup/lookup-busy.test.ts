import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readRecentLookups } from "../../../worker/status/product-source";
import { calls, newAsin, uniqueClient } from "../support/creators-fake";
import { liveEnv, lookup } from "./live-env";

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM lookup_log").run();
  vi.spyOn(console, "error").mockImplementation(() => {});
});

describe("a lookup refused by RankLayer's own budget", () => {
  it("says busy with the wait, is never sent to Amazon and never counted as an Amazon failure", async () => {
    const clientId = uniqueClient();
    // One request per 100 s: the first lookup spends the token, the next ones find the credential busy.
    const bindings = liveEnv(clientId, { CREATORS_REQUESTS_PER_SECOND: "0.01", CREATORS_BURST: "1" });
    expect((await lookup(`asin=${newAsin()}`, bindings)).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const res = await lookup(`asin=${newAsin()}`, bindings);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { detail: string };
      expect(body.detail).toMatch(/^RankLayer is busy with other Amazon requests: retry in \d+ s\.$/);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(1);
    }
    expect(await calls({ kind: "getItems", clientId })).toHaveLength(1);
    expect(await readRecentLookups(env.DB)).toMatchObject({ failures: 0, liveSuccesses: 1 });
  });
});
