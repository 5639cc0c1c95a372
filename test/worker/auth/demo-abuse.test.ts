import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDemoUser } from "../../../worker/accounts/user-store";
import { createSession, MAX_SESSIONS_PER_ACCOUNT, readSession } from "../../../worker/auth/session";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { buildServices } from "../../../worker/services";
import { pastIsolateCopies } from "../support/isolate-copies";

let serial = 0;
/** A client address of its own, so each test starts with a fresh hourly allowance. */
const freshIp = () => `203.0.113.${100 + ++serial}`;

function signInDemo(browser: TestBrowser, ip: string) {
  return browser.request("/api/auth/demo", { method: "POST", headers: { "CF-Connecting-IP": ip } });
}

async function liveSessions(userId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?")
    .bind(userId, new Date().toISOString())
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function demoUserIdOf(browser: TestBrowser): Promise<string> {
  const token = browser.cookies.get("__Host-session")!;
  return (await readSession(buildServices(browser.bindings), token))!.user.id;
}

describe("demo accounts per address", () => {
  it("allows a few new demo accounts an hour from one address, then 429 with Retry-After; other addresses go on", async () => {
    const bindings = demoEnv({ DEMO_ACCOUNTS_PER_HOUR: "3" });
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await signInDemo(new TestBrowser(bindings), ip)).status).toBe(200);

    const flood = new TestBrowser(bindings);
    const refused = await signInDemo(flood, ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({
      detail: expect.stringMatching(/^Too many demo accounts from this network: at most 3 an hour\. Try again in \d+ minutes\.$/),
      code: "rate_limited",
    });
    expect(flood.cookies.has("__Host-session")).toBe(false);

    expect((await signInDemo(new TestBrowser(bindings), freshIp())).status).toBe(200);
  });

  it("lets a browser return to its own demo account when the address's allowance is used up", async () => {
    const bindings = demoEnv({ DEMO_ACCOUNTS_PER_HOUR: "1" });
    const ip = freshIp();
    const browser = new TestBrowser(bindings);
    expect((await signInDemo(browser, ip)).status).toBe(200);
    expect((await browser.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    expect((await signInDemo(new TestBrowser(bindings), ip)).status).toBe(429);
    // The demo-account cookie names its account: no new account, so no limit.
    expect((await signInDemo(browser, ip)).status).toBe(200);
  });
});

describe("sessions", () => {
  it("keeps one live session per demo browser, however often it signs in", async () => {
    const browser = new TestBrowser(demoEnv());
    const ip = freshIp();
    await signInDemo(browser, ip);
    const userId = await demoUserIdOf(browser);
    for (let i = 0; i < 20; i++) {
      // Signing in again without the session cookie (as a script would): the old session ends.
      browser.cookies.delete("__Host-session");
      browser.cookies.delete("XSRF-TOKEN");
      expect((await signInDemo(browser, ip)).status).toBe(200);
    }
    expect(await liveSessions(userId)).toBe(1);
    expect((await (await browser.request("/api/user/status")).json<{ demo: boolean }>()).demo).toBe(true);
  });

  it(`caps an account at ${MAX_SESSIONS_PER_ACCOUNT} sessions, ending the oldest first`, async () => {
    const user = await createDemoUser(env.DB);
    const bindings = demoEnv();
    const start = Date.now() - 60_000;
    const tokens = [];
    for (let i = 0; i < MAX_SESSIONS_PER_ACCOUNT + 3; i++) tokens.push((await createSession(buildServices(bindings), user.id, start + i * 1000)).token);
    expect(await liveSessions(user.id)).toBe(MAX_SESSIONS_PER_ACCOUNT);
    const alive = await Promise.all(tokens.map(async (token) => (await readSession(buildServices(bindings), token)) !== null));
    expect(alive).toEqual([false, false, false, ...Array(MAX_SESSIONS_PER_ACCOUNT).fill(true)]);
  });

  it("notes when a demo account was last used, at most once an hour", async () => {
    const browser = new TestBrowser(demoEnv());
    await signInDemo(browser, freshIp());
    const userId = await demoUserIdOf(browser);
    const lastActive = () => env.DB.prepare("SELECT last_active_at AS at FROM users WHERE id = ?").bind(userId).first<{ at: string }>();
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await env.DB.prepare("UPDATE users SET last_active_at = ? WHERE id = ?").bind(twoHoursAgo, userId).run();
    pastIsolateCopies();
    await browser.request("/api/user/status");
    const touched = (await lastActive())!.at;
    expect(Date.parse(touched)).toBeGreaterThan(Date.now() - 60_000);
    await browser.request("/api/user/status");
    expect((await lastActive())!.at).toBe(touched);
  });
});
