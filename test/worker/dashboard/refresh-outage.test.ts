import { beforeEach, describe, expect, it, vi } from "vitest";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { insertWatchlist } from "../jobs/nightly-run/support";
import { liveEnv } from "../lookup/live-env";
import { control, newAsin, uniqueClient } from "../support/creators-fake";
import { subscribeWorkspace } from "../support/workspace-plans";

beforeEach(() => {
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

/** A live (non-demo) Pro seller tracking `asins` in the US, its product data from the fake Creators API. */
async function liveProSeller(asins: string[]) {
  const browser = await freeBrowserWith(liveEnv(uniqueClient()));
  await subscribeWorkspace(userIdOf(browser), "pro");
  await insertWatchlist(userIdOf(browser), asins.map((asin) => ({ marketplace: "US", asin })));
  return browser;
}

describe("POST /api/dashboard/refresh while Amazon fails", () => {
  it("answers 503 with Amazon's Retry-After and does not use up the 10-minute refresh", async () => {
    const asins = [newAsin(), newAsin()];
    for (const asin of asins) await control("script", { asin, behavior: "error503", retryAfterSeconds: 40 });
    const browser = await liveProSeller(asins);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await browser.request("/api/dashboard/refresh", { method: "POST" });
      // The second attempt is not refused as "once every 10 minutes": the first used nothing up.
      expect(res.status).toBe(503);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThanOrEqual(39);
      expect(await res.json()).toMatchObject({ code: "upstream_unavailable", detail: expect.stringMatching(/not used up/) });
    }
  });

  it("uses up the refresh when Amazon answered any of it", async () => {
    const browser = await liveProSeller([newAsin()]);
    const first = await browser.request("/api/dashboard/refresh", { method: "POST" });
    expect(first.status, await first.clone().text()).toBe(200);
    expect(await first.json()).toMatchObject({ refreshed: 1 });
    expect((await browser.request("/api/dashboard/refresh", { method: "POST" })).status).toBe(429);
  });
});
