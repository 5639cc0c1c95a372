import { describe, expect, it } from "vitest";
import { freeBrowserWith } from "../history/accounts";
import { newAsin } from "../support/creators-fake";
import { demoEnv, TestBrowser } from "../support/seller-browser";

const from = (ip: string) => ({ headers: { "CF-Connecting-IP": ip } });

describe("one lookup allowance for lookup and compare", () => {
  it("charges a signed-in Free user's compare to the account, as a lookup is, from any address", async () => {
    const bindings = { ...demoEnv(), LOOKUP_LIMIT_PER_MONTH: "3" };
    const browser = await freeBrowserWith(bindings);
    const compare = await browser.request(`/api/v1/compare?asins=${newAsin()},${newAsin()}`, from("198.51.100.7"));
    expect(compare.status).toBe(200);
    expect((await browser.request(`/api/v1/lookup?asin=${newAsin()}`, from("198.51.100.8"))).status).toBe(200);

    const over = await browser.request(`/api/v1/lookup?asin=${newAsin()}`, from("198.51.100.9"));
    expect(over.status).toBe(429);
    expect(await over.json()).toMatchObject({ detail: expect.stringMatching(/^Monthly lookup limit reached: 3 lookups/), code: "rate_limited" });
    const compareOver = await browser.request(`/api/v1/compare?asins=${newAsin()}`, from("198.51.100.10"));
    expect(compareOver.status).toBe(429);

    // The addresses the account used keep their own anonymous allowance.
    const anonymous = await new TestBrowser(bindings).request(`/api/v1/compare?asins=${newAsin()},${newAsin()}`, from("198.51.100.7"));
    expect(anonymous.status).toBe(200);
  });
});
