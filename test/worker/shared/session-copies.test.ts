import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDemoUser } from "../../../worker/accounts/user-store";
import { createSession } from "../../../worker/auth/session";
import { cachedSessionCopy, forgetSessionCopies, keepSessionCopy, SESSION_CACHE_MS, sessionGeneration } from "../../../worker/shared/session-copies";
import { buildServices } from "../../../worker/services";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { pastIsolateCopies } from "../support/isolate-copies";

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const LATER = new Date(NOW + 86_400_000).toISOString();

describe("an isolate's session copies", () => {
  it("answers a copy for SESSION_CACHE_MS from the read, then none", () => {
    keepSessionCopy("s1 u1", { user: "u1" }, LATER, NOW, sessionGeneration());
    expect(cachedSessionCopy("s1 u1", NOW + SESSION_CACHE_MS - 1)).toEqual({ user: "u1" });
    expect(cachedSessionCopy("s1 u1", NOW + SESSION_CACHE_MS)).toBeUndefined();
    expect(cachedSessionCopy("s2 u1", NOW)).toBeUndefined();
  });

  it("answers each caller its own copy: one request's change to its account is no other's", () => {
    keepSessionCopy("s1 u1", { user: { brandName: "Acme" } }, LATER, NOW, sessionGeneration());
    cachedSessionCopy<{ user: { brandName: string } }>("s1 u1", NOW)!.user.brandName = "Changed";
    expect(cachedSessionCopy("s1 u1", NOW)).toEqual({ user: { brandName: "Acme" } });
    const read = { user: { brandName: "Acme" } };
    keepSessionCopy("s2 u2", read, LATER, NOW, sessionGeneration());
    read.user.brandName = "Changed by the request that read it";
    expect(cachedSessionCopy("s2 u2", NOW)).toEqual({ user: { brandName: "Acme" } });
  });

  it("never answers a copy past the session's own end", () => {
    keepSessionCopy("s1 u1", { user: "u1" }, new Date(NOW + 1_000).toISOString(), NOW, sessionGeneration());
    expect(cachedSessionCopy("s1 u1", NOW + 999)).toEqual({ user: "u1" });
    expect(cachedSessionCopy("s1 u1", NOW + 1_000)).toBeUndefined();
  });

  it("keeps no read that started before a change, and forgets every copy at a change", () => {
    const before = sessionGeneration();
    keepSessionCopy("s1 u1", { user: "u1" }, LATER, NOW, before);
    forgetSessionCopies();
    expect(cachedSessionCopy("s1 u1", NOW)).toBeUndefined();
    // A read that was out while the change happened comes back with the old row.
    keepSessionCopy("s2 u2", { user: "u2" }, LATER, NOW, before);
    expect(cachedSessionCopy("s2 u2", NOW)).toBeUndefined();
  });
});

describe("signed-in requests and the copies", () => {
  const status = async (browser: TestBrowser) => (await browser.request("/api/user/status")).json<{ authenticated: boolean }>();

  async function signedIn() {
    const bindings = demoEnv();
    const user = await createDemoUser(env.DB);
    const { sessionId, token } = await createSession(buildServices(bindings), user.id);
    const browser = new TestBrowser(bindings);
    browser.cookies.set("__Host-session", token);
    return { browser, sessionId };
  }
  const revokeByHand = (sessionId: string) => env.DB.prepare("UPDATE sessions SET revoked_at = ? WHERE id = ?").bind(new Date().toISOString(), sessionId).run();

  it("a page's calls within a few seconds read the session row once; a revocation elsewhere ends the session within SESSION_CACHE_MS", async () => {
    const { browser, sessionId } = await signedIn();
    const read = vi.spyOn(env.DB, "prepare");
    expect(await status(browser)).toMatchObject({ authenticated: true });
    const sessionReads = () => read.mock.calls.filter(([query]) => query.includes('from "sessions"')).length;
    expect(sessionReads()).toBe(1);
    expect(await status(browser)).toMatchObject({ authenticated: true });
    expect(sessionReads()).toBe(1);

    // Revoked by another isolate's sign-out: this isolate's copy still answers, for a few seconds.
    await revokeByHand(sessionId);
    expect(await status(browser)).toMatchObject({ authenticated: true });
    pastIsolateCopies();
    expect(await status(browser)).toMatchObject({ authenticated: false });
  });

  it("a state-changing request in this isolate shows its change on the next request: a sign-out ends the session for every browser holding its cookie at once", async () => {
    const { browser } = await signedIn();
    const sameCookie = new TestBrowser(browser.bindings);
    sameCookie.cookies.set("__Host-session", browser.cookies.get("__Host-session")!);
    expect(await status(sameCookie)).toMatchObject({ authenticated: true });

    expect((await browser.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    expect(await status(sameCookie)).toMatchObject({ authenticated: false });
  });
});
