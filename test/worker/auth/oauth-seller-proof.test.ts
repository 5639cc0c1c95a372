import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { KNOWN_BROWSER_COOKIE } from "../../../worker/auth/known-browser";
import { signingKey } from "../../../worker/auth/signing-key";
import { buildServices } from "../../../worker/services";
import { connectSeller, fakeControl, LWA_FAKE, newSellingPartnerId, registerLwaClient, sellerEnv, TestBrowser } from "../support/seller-browser";

async function amazonEnv() {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  return bindings;
}

/** Amazon's consent by `grantedBy`, with the callback's selling_partner_id changed to `claimed` on its way through the browser. */
async function consentClaiming(browser: TestBrowser, grantedBy: string, claimed: string): Promise<Response> {
  const consent = new URL((await (await browser.request("/api/auth/url")).json<{ authUrl: string }>()).authUrl);
  const code = `ANcode${crypto.randomUUID().replace(/-/g, "")}`;
  const refreshToken = `Atzr|attacker-${crypto.randomUUID()}`;
  await fakeControl(LWA_FAKE, "codes", { code, clientId: browser.bindings.LWA_CLIENT_ID, redirectUri: consent.searchParams.get("redirect_uri"), refreshToken, sellingPartnerId: grantedBy });
  const query = new URLSearchParams({ state: consent.searchParams.get("state") ?? "", selling_partner_id: claimed, spapi_oauth_code: code });
  return browser.request(`/api/auth/callback?${query}`);
}

const storedGrantOf = async (sellingPartnerId: string) =>
  (await env.DB.prepare("SELECT refresh_token_ciphertext AS sealed FROM seller_connections WHERE selling_partner_id = ?").bind(sellingPartnerId).first<{ sealed: string }>())!.sealed;

describe("Amazon sign-in into an existing account", () => {
  it("refuses another seller's consent carrying the account's seller id: nobody is signed in and the stored grant stays", async () => {
    const bindings = await amazonEnv();
    const victim = await connectSeller(new TestBrowser(bindings));
    const grantBefore = await storedGrantOf(victim.sellingPartnerId);

    const attacker = new TestBrowser(bindings);
    const res = await consentClaiming(attacker, newSellingPartnerId(), victim.sellingPartnerId);
    expect(res.status).toBe(403);
    const page = await res.text();
    expect(page).toContain(`Seller account ${victim.sellingPartnerId} already has a RankLayer account`);
    expect(page).toContain("signs in by email or with a passkey first");
    expect(page).toContain('<a href="/signin">Sign in by email or with a passkey</a>');
    // An Amazon-only owner on a new browser has support as the way in: the page says how to reach it.
    expect(page).toContain('<a href="/contact">Write to support</a> from the address you want to sign in with, with the seller id above');
    expect(await (await attacker.request("/api/user/status")).json()).toMatchObject({ authenticated: false });
    expect(await storedGrantOf(victim.sellingPartnerId)).toBe(grantBefore);
  });

  it("lets the seller back in from a browser that signed in to the account before, after signing out", async () => {
    const bindings = await amazonEnv();
    const seller = await connectSeller(new TestBrowser(bindings));
    expect(seller.browser.cookies.get(KNOWN_BROWSER_COOKIE)).toBeTruthy();
    await seller.browser.request("/api/auth/logout", { method: "POST" });

    const back = await connectSeller(seller.browser, { sellingPartnerId: seller.sellingPartnerId });
    expect(back.callback.status).toBe(302);
    expect(await (await seller.browser.request("/api/user/status")).json()).toMatchObject({ authenticated: true, connected: true });
  });

  it("refuses a new browser for an existing account, even with the seller's own consent: the id alone proves nothing", async () => {
    const bindings = await amazonEnv();
    const seller = await connectSeller(new TestBrowser(bindings));
    const elsewhere = await connectSeller(new TestBrowser(bindings), { sellingPartnerId: seller.sellingPartnerId });
    expect(elsewhere.callback.status).toBe(403);
    // A brand-new seller id still signs up from any browser.
    expect((await connectSeller(new TestBrowser(bindings))).callback.status).toBe(302);
  });

  it("makes the browser of a session begun before the cookie existed known, on its next status read", async () => {
    const bindings = await amazonEnv();
    const seller = await connectSeller(new TestBrowser(bindings));
    seller.browser.cookies.delete(KNOWN_BROWSER_COOKIE);
    await seller.browser.request("/api/user/status");
    expect(seller.browser.cookies.get(KNOWN_BROWSER_COOKIE)).toBeTruthy();
    await seller.browser.request("/api/auth/logout", { method: "POST" });
    expect((await connectSeller(seller.browser, { sellingPartnerId: seller.sellingPartnerId })).callback.status).toBe(302);
  });

  it("does not trust a known-accounts cookie it did not sign", async () => {
    const bindings = await amazonEnv();
    const seller = await connectSeller(new TestBrowser(bindings));
    const userId = (await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>())!.id;
    const forger = new TestBrowser(bindings);
    const unsigned = `${btoa(JSON.stringify({ alg: "none" }))}.${btoa(JSON.stringify({ accounts: [userId], aud: "ranklayer:known-accounts" }))}.`;
    forger.cookies.set(KNOWN_BROWSER_COOKIE, unsigned);
    expect((await connectSeller(forger, { sellingPartnerId: seller.sellingPartnerId })).callback.status).toBe(403);
  });

  it("still reads a cookie written before entries kept their own time: each counts from the cookie's signing", async () => {
    const bindings = await amazonEnv();
    const seller = await connectSeller(new TestBrowser(bindings));
    const userId = (await env.DB.prepare("SELECT id FROM users WHERE selling_partner_id = ?").bind(seller.sellingPartnerId).first<{ id: string }>())!.id;
    const olderForm = async (issuedAt: number) =>
      new SignJWT({ accounts: [userId] })
        .setProtectedHeader({ alg: "HS256" })
        .setAudience("ranklayer:known-accounts")
        .setIssuedAt(issuedAt)
        .setExpirationTime("400d")
        .sign(await signingKey(buildServices(bindings)));
    const browser = new TestBrowser(bindings);
    browser.cookies.set(KNOWN_BROWSER_COOKIE, await olderForm(Math.floor(Date.now() / 1000)));
    expect((await connectSeller(browser, { sellingPartnerId: seller.sellingPartnerId })).callback.status).toBe(302);

    // Signed before the account's last "sign out everywhere else": no longer enough.
    await env.DB.prepare("UPDATE users SET known_browsers_reset_at = ? WHERE id = ?").bind(new Date().toISOString(), userId).run();
    const stale = new TestBrowser(bindings);
    stale.cookies.set(KNOWN_BROWSER_COOKIE, await olderForm(Math.floor(Date.now() / 1000) - 3600));
    expect((await connectSeller(stale, { sellingPartnerId: seller.sellingPartnerId })).callback.status).toBe(403);
  });
});
