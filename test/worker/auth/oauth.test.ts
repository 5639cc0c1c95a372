import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { issueState } from "../../../worker/auth/oauth-state";
import {
  connectSeller,
  fakeCalls,
  fakeControl,
  LWA_FAKE,
  newSellingPartnerId,
  registerLwaClient,
  sellerEnv,
  TestBrowser,
} from "../support/seller-browser";
import { buildServices } from "../../../worker/services";

async function connectedBrowser() {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  return new TestBrowser(bindings);
}

/** Starts sign-in in `browser` and returns the state Amazon would echo back. */
async function startSignIn(browser: TestBrowser): Promise<URL> {
  const res = await browser.request("/api/auth/url");
  return new URL((await res.json<{ authUrl: string }>()).authUrl);
}

async function callback(browser: TestBrowser, params: Record<string, string>) {
  return browser.request(`/api/auth/callback?${new URLSearchParams(params)}`);
}

async function expectSignedOut(browser: TestBrowser) {
  expect(browser.cookies.has("__Host-session")).toBe(false);
  const status = await (await browser.request("/api/user/status")).json();
  expect(status).toMatchObject({ authenticated: false });
}

describe("GET /api/auth/url", () => {
  it("returns the Seller Central consent URL with the app id, a signed state and the callback", async () => {
    const browser = await connectedBrowser();
    const res = await browser.request("/api/auth/url");
    expect(res.status).toBe(200);
    const body = await res.json<{ authUrl: string; demoAvailable: boolean }>();
    expect(body.demoAvailable).toBe(false);
    const url = new URL(body.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe("https://sellercentral.amazon.com/apps/authorize/consent");
    expect(url.searchParams.get("application_id")).toBe("amzn1.sp.solution.test-app");
    expect(url.searchParams.get("redirect_uri")).toBe("https://ranklayer.com/api/auth/callback");
    expect(url.searchParams.get("state")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(url.searchParams.has("version")).toBe(false);
    // The browser-binding nonce is HttpOnly and host-only.
    const setCookie = res.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-oauth-state="));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toMatch(/Path=\//);
  });

  it("uses the region's Seller Central and version=beta for a draft app", async () => {
    const browser = new TestBrowser(sellerEnv({ SPAPI_DRAFT_APP: "true" }));
    const res = await browser.request("/api/auth/url?marketplace=DE");
    const url = new URL((await res.json<{ authUrl: string }>()).authUrl);
    expect(url.origin).toBe("https://sellercentral-europe.amazon.com");
    expect(url.searchParams.get("version")).toBe("beta");
  });

  it("returns authUrl null with demo available when SP-API is not configured", async () => {
    const res = await new TestBrowser(env).request("/api/auth/url");
    expect(await res.json()).toEqual({ authUrl: null, demoAvailable: true });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("keeps demo sign-in available with SP-API configured only when DEMO_MODE is true", async () => {
    const res = await new TestBrowser(sellerEnv({ DEMO_MODE: "true" })).request("/api/auth/url");
    expect(await res.json()).toMatchObject({ demoAvailable: true });
  });

  it.each(["SESSION_SECRET", "TOKEN_ENCRYPTION_KEYS"] as const)(
    "refuses to offer Amazon sign-in when %s is missing",
    async (missing) => {
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      const res = await new TestBrowser(sellerEnv({ [missing]: undefined })).request("/api/auth/url");
      expect(await res.json()).toEqual({ authUrl: null, demoAvailable: false });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("SESSION_SECRET or TOKEN_ENCRYPTION_KEYS is not set"));
    },
  );

  it("refuses to offer Amazon sign-in when TOKEN_ENCRYPTION_KEYS is malformed", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await new TestBrowser(sellerEnv({ TOKEN_ENCRYPTION_KEYS: "k1:dG9vLXNob3J0" })).request("/api/auth/url");
    expect(await res.json()).toEqual({ authUrl: null, demoAvailable: false });
    expect(errors).toHaveBeenCalledWith("Amazon sign-in is off: TOKEN_ENCRYPTION_KEYS key k1 is not 32 bytes");
  });

  it("rejects an unknown marketplace with 422", async () => {
    const res = await new TestBrowser(sellerEnv()).request("/api/auth/url?marketplace=BR");
    expect(res.status).toBe(422);
  });
});

describe("GET /api/auth/callback", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("exchanges the code at LWA, stores the grant encrypted, signs in and goes to onboarding", async () => {
    const browser = await connectedBrowser();
    const { callback: res, sellingPartnerId, refreshToken } = await connectSeller(browser, { marketplace: "UK" });

    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/onboarding");
    const sessionCookie = res.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-session="));
    expect(sessionCookie).toMatch(/HttpOnly/);
    expect(sessionCookie).toMatch(/Secure/);
    expect(sessionCookie).toMatch(/SameSite=Lax/);
    expect(sessionCookie).toMatch(/Max-Age=2592000/);

    // The token-exchange request, as LWA saw it.
    const [exchange, ...others] = await fakeCalls(LWA_FAKE, { clientId: browser.bindings.LWA_CLIENT_ID! });
    expect(others).toEqual([]);
    expect(exchange).toMatchObject({
      status: 200,
      method: "POST",
      url: "https://api.amazon.com/auth/o2/token",
      contentType: "application/x-www-form-urlencoded",
      grantType: "authorization_code",
      clientSecretValid: true,
      redirectUri: "https://ranklayer.com/api/auth/callback",
    });

    const status = await (await browser.request("/api/user/status")).json();
    expect(status).toEqual({
      authenticated: true,
      connected: true,
      marketplace: "US",
      brandName: null,
      demo: false,
      onboarded: false,
    });

    const row = await env.DB.prepare(
      "SELECT c.* FROM seller_connections c JOIN users u ON u.id = c.workspace_id WHERE u.selling_partner_id = ?",
    )
      .bind(sellingPartnerId)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ key_id: "k2026", region: "eu" });
    // Nothing in the row holds the token in clear (nor any piece of it).
    expect(JSON.stringify(row)).not.toContain(refreshToken);
    expect(JSON.stringify(row)).not.toContain(refreshToken.slice(6, 20));
  });

  it("goes to /seller-central when the seller has onboarded before", async () => {
    const sellingPartnerId = newSellingPartnerId();
    const first = await connectedBrowser();
    await connectSeller(first, { sellingPartnerId });
    const onboarding = await first.json("/api/onboarding", "POST", { marketplace: "CA" });
    expect(onboarding.status).toBe(200);

    await first.request("/api/auth/logout", { method: "POST" });
    const again = first;
    const { callback: res } = await connectSeller(again, { sellingPartnerId });
    expect(res.headers.get("Location")).toBe("/seller-central");
    const status = await (await again.request("/api/user/status")).json();
    expect(status).toMatchObject({ authenticated: true, connected: true, marketplace: "CA", onboarded: true });
  });

  it("replaces a demo session in the same browser, revoking it", async () => {
    const bindings = sellerEnv({ DEMO_MODE: "true" });
    await registerLwaClient(bindings);
    const browser = new TestBrowser(bindings);
    await browser.signInDemo();
    const demoSession = browser.cookies.get("__Host-session")!;

    const { callback: res } = await connectSeller(browser);
    expect(res.status).toBe(302);
    expect(await (await browser.request("/api/user/status")).json()).toMatchObject({ demo: false, connected: true });
    const replay = new TestBrowser(bindings);
    replay.cookies.set("__Host-session", demoSession);
    expect(await (await replay.request("/api/user/status")).json()).toMatchObject({ authenticated: false });
  });

  describe("state attacks get an error page and no session", () => {
    async function expectRefused(res: Response, browser: TestBrowser, message: RegExp) {
      expect(res.status).toBe(400);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page).toMatch(message);
      expect(page).toContain("<h1>Amazon sign-in failed</h1>");
      expect(page).toContain('You are not signed in. <a href="/signin">Sign in by email or with a passkey</a>, or go <a href="/connect">');
      await expectSignedOut(browser);
      const calls = await fakeCalls(LWA_FAKE, { clientId: browser.bindings.LWA_CLIENT_ID! });
      expect(calls).toEqual([]); // no code was ever exchanged
    }

    it("rejects a missing state", async () => {
      const browser = await connectedBrowser();
      await startSignIn(browser);
      const res = await callback(browser, { selling_partner_id: newSellingPartnerId(), spapi_oauth_code: "code" });
      await expectRefused(res, browser, /carried no sign-in state/);
    });

    it("rejects a state started in another browser", async () => {
      const browser = await connectedBrowser();
      const consent = await startSignIn(browser);
      const attacker = new TestBrowser(browser.bindings);
      await startSignIn(attacker); // the attacker's own, different state cookie
      const res = await callback(attacker, {
        state: consent.searchParams.get("state")!,
        selling_partner_id: newSellingPartnerId(),
        spapi_oauth_code: "code",
      });
      await expectRefused(res, attacker, /started in another browser/);
    });

    it("rejects a state when the browser has no state cookie", async () => {
      const browser = await connectedBrowser();
      const consent = await startSignIn(browser);
      browser.cookies.delete("__Host-oauth-state");
      const res = await callback(browser, {
        state: consent.searchParams.get("state")!,
        selling_partner_id: newSellingPartnerId(),
        spapi_oauth_code: "code",
      });
      await expectRefused(res, browser, /started in another browser/);
    });

    it("rejects an expired state", async () => {
      const browser = await connectedBrowser();
      const elevenMinutesAgo = Date.now() - 11 * 60 * 1000;
      const { state, nonce } = await issueState(buildServices(browser.bindings), "US", elevenMinutesAgo);
      browser.cookies.set("__Host-oauth-state", nonce);
      const res = await callback(browser, { state, selling_partner_id: newSellingPartnerId(), spapi_oauth_code: "code" });
      await expectRefused(res, browser, /expired/);
    });

    it("rejects a tampered state", async () => {
      const browser = await connectedBrowser();
      const consent = await startSignIn(browser);
      const [header, payload, signature] = consent.searchParams.get("state")!.split(".");
      const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
      const forged = btoa(JSON.stringify({ ...claims, mkt: "DE" })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
      const res = await callback(browser, {
        state: `${header}.${forged}.${signature}`,
        selling_partner_id: newSellingPartnerId(),
        spapi_oauth_code: "code",
      });
      await expectRefused(res, browser, /not one RankLayer issued/);
    });

    it("rejects a state signed with another key", async () => {
      const browser = await connectedBrowser();
      const { state, nonce } = await issueState(buildServices(sellerEnv({ SESSION_SECRET: "someone-elses-secret-0123456789abcdef" })), "US");
      browser.cookies.set("__Host-oauth-state", nonce);
      const res = await callback(browser, { state, selling_partner_id: newSellingPartnerId(), spapi_oauth_code: "code" });
      await expectRefused(res, browser, /not one RankLayer issued/);
    });

    it("rejects a state used a second time", async () => {
      const browser = await connectedBrowser();
      const consent = await startSignIn(browser);
      const nonce = browser.cookies.get("__Host-oauth-state")!;
      const state = consent.searchParams.get("state")!;
      // First use: no code registered, so the exchange fails, but the state is spent.
      const first = await callback(browser, { state, selling_partner_id: newSellingPartnerId(), spapi_oauth_code: "unknown" });
      expect(first.status).toBe(400);
      await expect(first.text()).resolves.toMatch(/did not accept the authorization code/);

      const replay = new TestBrowser(browser.bindings);
      replay.cookies.set("__Host-oauth-state", nonce);
      const res = await callback(replay, { state, selling_partner_id: newSellingPartnerId(), spapi_oauth_code: "code" });
      expect(res.status).toBe(400);
      await expect(res.text()).resolves.toMatch(/already been used/);
      await expectSignedOut(replay);
    });
  });

  it("refuses a callback without a seller id or code, with no session", async () => {
    const browser = await connectedBrowser();
    const consent = await startSignIn(browser);
    const res = await callback(browser, { state: consent.searchParams.get("state")!, selling_partner_id: newSellingPartnerId() });
    expect(res.status).toBe(400);
    await expect(res.text()).resolves.toMatch(/did not send back a seller id and authorization code/);
    await expectSignedOut(browser);
  });

  it("refuses a code Amazon issued more than five minutes ago (its lifetime at LWA), storing nothing; a younger one signs in", async () => {
    const codeFrom = async (issuedSecondsAgo: number) => {
      const browser = await connectedBrowser();
      const consent = await startSignIn(browser);
      const code = `ANcode${crypto.randomUUID().replace(/-/g, "")}`;
      const sellingPartnerId = newSellingPartnerId();
      await fakeControl(LWA_FAKE, "codes", { code, clientId: browser.bindings.LWA_CLIENT_ID, redirectUri: consent.searchParams.get("redirect_uri"), refreshToken: `Atzr|${crypto.randomUUID()}`, sellingPartnerId, issuedSecondsAgo });
      const res = await callback(browser, { state: consent.searchParams.get("state")!, selling_partner_id: sellingPartnerId, spapi_oauth_code: code });
      return { browser, res, sellingPartnerId };
    };
    const stale = await codeFrom(6 * 60);
    expect(stale.res.status).toBe(400);
    await expect(stale.res.text()).resolves.toMatch(/did not accept the authorization code \(codes expire after five minutes\)/);
    await expectSignedOut(stale.browser);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE selling_partner_id = ?").bind(stale.sellingPartnerId).first()).toEqual({ n: 0 });

    const fresh = await codeFrom(4 * 60);
    expect(fresh.res.status).toBe(302);
  });

  it("refuses when LWA rejects the app's client credentials", async () => {
    const bindings = sellerEnv();
    await fakeControl(LWA_FAKE, "clients", { clientId: bindings.LWA_CLIENT_ID, secret: "the-real-secret" });
    const browser = new TestBrowser(bindings);
    const { callback: res } = await connectSeller(browser);
    expect(res.status).toBe(502);
    await expect(res.text()).resolves.toMatch(/could not complete the authorization/);
    await expectSignedOut(browser);
  });

  it("refuses every callback when SP-API is configured without TOKEN_ENCRYPTION_KEYS", async () => {
    const browser = await connectedBrowser();
    const consent = await startSignIn(browser);
    browser.bindings = { ...browser.bindings, TOKEN_ENCRYPTION_KEYS: undefined };
    const res = await callback(browser, {
      state: consent.searchParams.get("state")!,
      selling_partner_id: newSellingPartnerId(),
      spapi_oauth_code: "code",
    });
    expect(res.status).toBe(403);
    await expect(res.text()).resolves.toMatch(/not configured/);
    await expectSignedOut(browser);
  });
});
