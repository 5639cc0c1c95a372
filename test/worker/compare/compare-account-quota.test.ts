import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storeDemoSubscription } from "../../../worker/billing/subscription-store";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { newAsin } from "../support/creators-fake";
import { clearOfMinuteEnd } from "../support/minute-window";

const asins = (n: number) => Array.from({ length: n }, newAsin).join(",");

describe("compare is charged to the signed-in account, not its address", () => {
  it("two Free users behind one office address each have their own monthly lookups", async () => {
    const bindings = demoEnv({ LOOKUP_LIMIT_PER_MONTH: "3", LOOKUP_LIMIT_PER_MINUTE: "100" });
    const alice = await freeBrowserWith(bindings);
    const bob = await freeBrowserWith(bindings);
    const address = { headers: { "CF-Connecting-IP": "198.51.100.77" } };
    expect((await alice.request(`/api/v1/compare?asins=${asins(3)}`, address)).status).toBe(200);
    const spent = await alice.request(`/api/v1/compare?asins=${asins(2)}`, address);
    expect(spent.status).toBe(429);
    expect((await spent.json<{ detail: string }>()).detail).toMatch(/needs 2 lookups|limit/i);
    // Bob, same address, has all of his.
    expect((await bob.request(`/api/v1/compare?asins=${asins(3)}`, address)).status).toBe(200);
    // And Alice's single lookups count against the same account allowance.
    expect((await alice.request(`/api/v1/lookup?asin=${newAsin()}`, address)).status).toBe(429);
  });

  it("charges a Free demo account's compare to its address, as a visitor's: a new demo account (any browser makes one) brings no fresh month", async () => {
    const bindings = demoEnv({ LOOKUP_LIMIT_PER_MONTH: "3", LOOKUP_LIMIT_PER_MINUTE: "100" });
    const address = { headers: { "CF-Connecting-IP": "198.51.100.78" } };
    const demo = async () => {
      const browser = new TestBrowser(bindings);
      expect((await browser.request("/api/auth/demo", { method: "POST", ...address })).status).toBe(200);
      return browser;
    };
    expect((await new TestBrowser(bindings).request(`/api/v1/compare?asins=${asins(2)}`, address)).status).toBe(200);
    expect((await (await demo()).request(`/api/v1/compare?asins=${asins(1)}`, address)).status).toBe(200);
    const spent = await (await demo()).request(`/api/v1/compare?asins=${asins(1)}`, address);
    expect(spent.status).toBe(429);
    expect((await spent.json<{ detail: string }>()).detail).toMatch(/^Monthly lookup limit reached: 3 lookups/);
  });

  it("Pro has no monthly cap but the per-minute limit holds, per account", async () => {
    const bindings = demoEnv({ LOOKUP_LIMIT_PER_MONTH: "3", LOOKUP_LIMIT_PER_MINUTE: "5" });
    const pro = await freeBrowserWith(bindings);
    await storeDemoSubscription(env.DB, userIdOf(pro), true);
    await clearOfMinuteEnd();
    expect((await pro.request(`/api/v1/compare?asins=${asins(4)}`)).status).toBe(200);
    const tooFast = await pro.request(`/api/v1/compare?asins=${asins(4)}`);
    expect(tooFast.status).toBe(429);
    expect(Number(tooFast.headers.get("Retry-After"))).toBeGreaterThan(0);
    // The minute is short, not the month (Pro has none): the answer says so.
    expect((await tooFast.json<{ detail: string }>()).detail).toMatch(/^Too many lookups: at most 5 a minute\. Try again in \d+ seconds\.$/);
  });
});
