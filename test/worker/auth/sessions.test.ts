import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDemoUser } from "../../../worker/accounts/user-store";
import { createSession } from "../../../worker/auth/session";
import { demoEnv, sellerEnv, TestBrowser } from "../support/seller-browser";
import { buildServices } from "../../../worker/services";
import { pastIsolateCopies } from "../support/isolate-copies";

const ANONYMOUS = { authenticated: false, connected: false, marketplace: "US", brandName: null, demo: false, onboarded: false };

async function status(browser: TestBrowser) {
  return (await browser.request("/api/user/status")).json();
}

describe("demo sign-in", () => {
  it("signs a browser into its own demo account with a real session", async () => {
    const browser = new TestBrowser(demoEnv());
    expect(await status(browser)).toEqual(ANONYMOUS);

    const res = await browser.request("/api/auth/demo", { method: "POST" });
    expect(res.status).toBe(200);
    const demoStatus = { authenticated: true, connected: false, marketplace: "US", brandName: null, demo: true, onboarded: false };
    expect(await res.json()).toEqual(demoStatus);
    expect(await status(browser)).toEqual(demoStatus);

    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("__Host-session="))).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    // The XSRF cookie is readable by the page (not HttpOnly) and now bound to the session.
    const xsrf = cookies.find((c) => c.startsWith("XSRF-TOKEN="));
    expect(xsrf).toBeDefined();
    expect(xsrf).not.toMatch(/HttpOnly/);
  });

  it("returns to the same demo account after signing out, while another browser gets its own", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    expect((await browser.json("/api/onboarding", "POST", { marketplace: "DE", brandName: "Mine" })).status).toBe(200);
    expect((await browser.request("/api/auth/logout", { method: "POST" })).status).toBe(204);

    await browser.signInDemo();
    expect(await status(browser)).toMatchObject({ demo: true, marketplace: "DE", brandName: "Mine" });

    const other = new TestBrowser(demoEnv());
    await other.signInDemo();
    expect(await status(other)).toMatchObject({ demo: true, marketplace: "US", brandName: null });
  });

  it("is off when SP-API is configured, unless DEMO_MODE is true", async () => {
    const off = new TestBrowser(sellerEnv());
    const refused = await off.request("/api/auth/demo", { method: "POST" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: "Demo sign-in is turned off on this server. Sign in with Amazon instead.", code: "forbidden" });
    expect(off.cookies.has("__Host-session")).toBe(false);

    const on = new TestBrowser(sellerEnv({ DEMO_MODE: "true" }));
    await on.signInDemo();
    expect(await status(on)).toMatchObject({ authenticated: true, demo: true });
  });

  it("works without SESSION_SECRET, signing with a generated key kept in D1", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const browser = new TestBrowser(demoEnv({ SESSION_SECRET: undefined }));
    await browser.signInDemo();
    expect(await status(browser)).toMatchObject({ authenticated: true });
    const key = await env.DB.prepare("SELECT value FROM app_secrets WHERE name = 'session_signing_key'").first<{ value: string }>();
    expect(key?.value).toMatch(/^[\w-]{43}$/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("SESSION_SECRET is not set: generated a local/dev session signing key"));
    // A token signed with that key is not accepted by a server with a different secret.
    browser.bindings = demoEnv({ SESSION_SECRET: "a-different-secret-0123456789abcdef" });
    expect(await status(browser)).toEqual(ANONYMOUS);
  });
});

describe("sessions", () => {
  it("logout revokes the session at once: the old cookie no longer signs anyone in", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    const stolenCookie = browser.cookies.get("__Host-session")!;

    const res = await browser.request("/api/auth/logout", { method: "POST" });
    expect(res.status).toBe(204);
    expect(browser.cookies.has("__Host-session")).toBe(false);
    expect(browser.cookies.has("XSRF-TOKEN")).toBe(false);
    expect(await status(browser)).toEqual(ANONYMOUS);

    const replay = new TestBrowser(demoEnv());
    replay.cookies.set("__Host-session", stolenCookie);
    expect(await status(replay)).toEqual(ANONYMOUS);
    expect((await replay.request("/api/settings")).status).toBe(401);
  });

  it("treats a session whose row has expired as signed out", async () => {
    const bindings = demoEnv();
    const user = await createDemoUser(env.DB);
    const { sessionId, token } = await createSession(buildServices(bindings), user.id);
    const browser = new TestBrowser(bindings);
    browser.cookies.set("__Host-session", token);
    expect(await status(browser)).toMatchObject({ authenticated: true });

    await env.DB.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 1000).toISOString(), sessionId)
      .run();
    pastIsolateCopies();
    expect(await status(browser)).toEqual(ANONYMOUS);
  });

  it("rejects a token past its 30-day expiry", async () => {
    const bindings = demoEnv();
    const user = await createDemoUser(env.DB);
    const thirtyOneDaysAgo = Date.now() - 31 * 24 * 60 * 60 * 1000;
    const { token } = await createSession(buildServices(bindings), user.id, thirtyOneDaysAgo);
    const browser = new TestBrowser(bindings);
    browser.cookies.set("__Host-session", token);
    expect(await status(browser)).toEqual(ANONYMOUS);

    const fresh = await createSession(buildServices(bindings), user.id);
    browser.cookies.set("__Host-session", fresh.token);
    expect(await status(browser)).toMatchObject({ authenticated: true, demo: true });
  });

  it("rejects a tampered token", async () => {
    const bindings = demoEnv();
    const victim = await createDemoUser(env.DB);
    const attacker = await createDemoUser(env.DB);
    const { token } = await createSession(buildServices(bindings), attacker.id);
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/"))) as Record<string, unknown>;
    const forged = btoa(JSON.stringify({ ...claims, sub: victim.id })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const browser = new TestBrowser(bindings);
    browser.cookies.set("__Host-session", `${header}.${forged}.${signature}`);
    expect(await status(browser)).toEqual(ANONYMOUS);
  });
});
