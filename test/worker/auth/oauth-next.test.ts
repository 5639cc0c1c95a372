import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { consentAs, newSellingPartnerId, registerLwaClient, sellerEnv, TestBrowser } from "../support/seller-browser";

/**
 * Amazon sign-in from a deep link: GET /api/auth/url takes `next` (a path on this site), the
 * signed state carries it, and the callback returns there once the account is set up.
 */

async function signInWithAmazon(browser: TestBrowser, sellingPartnerId: string, next?: string) {
  const query = new URLSearchParams({ marketplace: "US", ...(next === undefined ? {} : { next }) });
  const res = await browser.request(`/api/auth/url?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return consentAs(browser, (await res.json<{ authUrl: string }>()).authUrl, sellingPartnerId);
}

async function sellerEnvWithLwa() {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  return bindings;
}

describe("GET /api/auth/url?next=…", () => {
  it("brings a returning seller back to the page it came from, query included", async () => {
    const bindings = await sellerEnvWithLwa();
    const sellingPartnerId = newSellingPartnerId();
    // The same browser each time, signed out in between: Amazon sign-in returns to an account only where it signed in before.
    const browser = new TestBrowser(bindings);
    expect((await signInWithAmazon(browser, sellingPartnerId)).headers.get("Location")).toBe("/onboarding");
    await env.DB.prepare("UPDATE users SET onboarded_at = ? WHERE selling_partner_id = ?").bind("2026-11-26T00:00:00.000Z", sellingPartnerId).run();

    await browser.request("/api/auth/logout", { method: "POST" });
    const back = await signInWithAmazon(browser, sellingPartnerId, "/alerts?connection=c1");
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/alerts?connection=c1");
    await browser.request("/api/auth/logout", { method: "POST" });
    expect((await signInWithAmazon(browser, sellingPartnerId)).headers.get("Location")).toBe("/seller-central");
  });

  it("sets a first-time seller's account up first (/onboarding), whatever next says", async () => {
    const res = await signInWithAmazon(new TestBrowser(await sellerEnvWithLwa()), newSellingPartnerId(), "/alerts");
    expect(res.headers.get("Location")).toBe("/onboarding");
  });

  it.each(["//evil.example/alerts", "https://evil.example/", "/\\\\evil.example", "alerts", "/.//evil.example/alerts"])("refuses next=%s: only a path on this site (no open redirect)", async (next) => {
    const res = await new TestBrowser(await sellerEnvWithLwa()).request(`/api/auth/url?${new URLSearchParams({ next })}`);
    expect(res.status).toBe(422);
    expect(JSON.stringify(await res.json())).toContain("next must be a path on this site");
  });
});
