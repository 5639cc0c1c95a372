import { describe, expect, it } from "vitest";
import { liveEnv } from "../lookup/live-env";
import { calls, newAsin, uniqueClient } from "../support/creators-fake";
import { createKey, proDemo, sellerOnPlan, withKeyUnder } from "./support-live";

describe("a demo account's API key never reaches the live product API", () => {
  it("lookups and compares with a demo Pro key answer sample data; the live upstream is not called", async () => {
    const clientId = uniqueClient();
    const { browser } = await proDemo();
    const { key } = await createKey(browser);
    const bindings = liveEnv(clientId);
    const looked = await withKeyUnder(bindings, key, `/api/v1/lookup?asin=${newAsin()}`);
    expect(looked.status).toBe(200);
    expect((await looked.json<{ source: string }>()).source).toBe("mock");
    const compared = await withKeyUnder(bindings, key, `/api/v1/compare?asins=${newAsin()},${newAsin()}`);
    expect(compared.status).toBe(200);
    expect(await calls({ clientId })).toHaveLength(0);
  });

  it("a paying account's key does reach it", async () => {
    const clientId = uniqueClient();
    const { browser } = await sellerOnPlan("pro");
    const { key } = await createKey(browser);
    const looked = await withKeyUnder(liveEnv(clientId), key, `/api/v1/lookup?asin=${newAsin()}`);
    expect(looked.status).toBe(200);
    expect((await looked.json<{ source: string }>()).source).toBe("live");
    expect((await calls({ clientId })).length).toBeGreaterThan(0);
  });
});
