import { describe, expect, it } from "vitest";
import { demoEnv, TestBrowser } from "../support/seller-browser";

const onboarding = { marketplace: "US" };

describe("XSRF protection of state-changing /api requests", () => {
  it("rejects a request with the cookie but no header", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.request("/api/auth/xsrf");
    const res = await browser.request("/api/auth/demo", { method: "POST", omitXsrfHeader: true });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: "Missing XSRF token. Reload the page and try again.", code: "xsrf_failed" });
    expect(browser.cookies.has("__Host-session")).toBe(false);
  });

  it("rejects a request with a header but no cookie", async () => {
    const browser = new TestBrowser(demoEnv());
    const res = await browser.request("/api/auth/demo", { method: "POST", xsrfHeader: "guess" });
    expect(res.status).toBe(403);
  });

  it("rejects a header that does not match the cookie", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.request("/api/auth/xsrf");
    const res = await browser.request("/api/auth/demo", { method: "POST", xsrfHeader: "not-the-cookie" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: "XSRF token mismatch. Reload the page and try again.", code: "xsrf_failed" });
  });

  it("accepts any matching pair from a signed-out browser", async () => {
    const browser = new TestBrowser(demoEnv());
    browser.cookies.set("XSRF-TOKEN", "t");
    const res = await browser.request("/api/auth/demo", { method: "POST", xsrfHeader: "t" });
    expect(res.status).toBe(200);
  });

  it("issues a session-bound token after sign-in and accepts it", async () => {
    const browser = new TestBrowser(demoEnv());
    browser.cookies.set("XSRF-TOKEN", "t");
    await browser.request("/api/auth/demo", { method: "POST", xsrfHeader: "t" });
    const bound = browser.cookies.get("XSRF-TOKEN");
    expect(bound).toBeDefined();
    expect(bound).not.toBe("t");

    expect((await browser.json("/api/onboarding", "POST", onboarding)).status).toBe(200);
    // GET /api/auth/xsrf hands a signed-in browser the same bound token.
    browser.cookies.delete("XSRF-TOKEN");
    await browser.request("/api/auth/xsrf");
    expect(browser.cookies.get("XSRF-TOKEN")).toBe(bound);
  });

  it("rejects a matching pair that is not the session's token", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    browser.cookies.set("XSRF-TOKEN", "attacker-planted");
    const res = await browser.json("/api/onboarding", "POST", onboarding, { xsrfHeader: "attacker-planted" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: "XSRF token does not belong to this session. Reload the page and try again.", code: "xsrf_failed" });
  });

  it("rejects the token of another session", async () => {
    const mine = new TestBrowser(demoEnv());
    await mine.signInDemo();
    const other = new TestBrowser(demoEnv());
    await other.signInDemo();
    const otherToken = other.cookies.get("XSRF-TOKEN")!;

    mine.cookies.set("XSRF-TOKEN", otherToken);
    const res = await mine.json("/api/onboarding", "POST", onboarding, { xsrfHeader: otherToken });
    expect(res.status).toBe(403);
  });

  it("checks PUT and DELETE as well, and leaves GET alone", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    expect((await browser.request("/api/settings", { method: "PUT", body: "{}", omitXsrfHeader: true })).status).toBe(403);
    expect((await browser.request("/api/connection", { method: "DELETE", omitXsrfHeader: true })).status).toBe(403);
    expect((await browser.request("/api/auth/logout", { method: "POST", omitXsrfHeader: true })).status).toBe(403);
    expect((await browser.request("/api/settings")).status).toBe(200);
  });
});
