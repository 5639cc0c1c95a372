import { describe, expect, it } from "vitest";
import { liveEnv } from "../lookup/live-env";
import { calls, newAsin, uniqueClient } from "../support/creators-fake";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { createKey, proDemo, sellerOnPlan, withKeyUnder } from "./support-live";

describe("a demo account's API key or demo Pro session never reaches the live product API", () => {
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

  it("a demo Pro session's lookups and compares answer sample data too, even with live credentials", async () => {
    const clientId = uniqueClient();
    const { browser } = await proDemo();
    browser.bindings = { ...browser.bindings, ...liveEnv(clientId) };
    const looked = await browser.request(`/api/v1/lookup?asin=${newAsin()}`);
    expect(looked.status).toBe(200);
    expect((await looked.json<{ source: string }>()).source).toBe("mock");
    const compared = await browser.request(`/api/v1/compare?asins=${newAsin()},${newAsin()}`);
    expect(compared.status).toBe(200);
    expect((await compared.json<{ items: { ok: boolean; product?: { source: string } }[] }>()).items.map((item) => item.product?.source)).toEqual(["mock", "mock"]);
    expect(await calls({ clientId })).toHaveLength(0);
  });

  it("a demo account on Free looks up like an anonymous visitor: live data", async () => {
    const clientId = uniqueClient();
    const browser = new TestBrowser({ ...demoEnv(), ...liveEnv(clientId) });
    await browser.signInDemo();
    const looked = await browser.request(`/api/v1/lookup?asin=${newAsin()}`);
    expect(looked.status).toBe(200);
    expect((await looked.json<{ source: string }>()).source).toBe("live");
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
