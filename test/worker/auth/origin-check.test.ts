import { describe, expect, it } from "vitest";
import { demoEnv, TestBrowser } from "../support/seller-browser";

const DETAIL = "This request came from another site (its Origin is not this site's), so it was refused.";

describe("the Origin check on state-changing /api requests", () => {
  it("refuses a POST whose Origin is another site, even with a valid XSRF pair", async () => {
    const browser = new TestBrowser(demoEnv());
    const res = await browser.request("/api/auth/demo", { method: "POST", headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: DETAIL, code: "forbidden" });
    expect(browser.cookies.has("__Host-session")).toBe(false);
  });

  it("refuses PUT, PATCH and DELETE from another origin, and an opaque 'null' Origin", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    for (const [method, origin] of [["PUT", "https://evil.example"], ["PATCH", "http://localhost:9999"], ["DELETE", "null"]] as const) {
      const res = await browser.request("/api/alerts/some-id", { method, headers: { Origin: origin }, body: "{}" });
      expect(res.status, `${method} ${origin}`).toBe(403);
      expect(await res.json()).toEqual({ detail: DETAIL, code: "forbidden" });
    }
  });

  it("accepts the configured site origin and the origin the request was served on", async () => {
    const browser = new TestBrowser(demoEnv({ SITE_URL: "https://app.ranklayer.example" }));
    const fromSite = await browser.request("/api/auth/demo", { method: "POST", headers: { Origin: "https://app.ranklayer.example" } });
    expect(fromSite.status).toBe(200);
    const local = await browser.request("http://127.0.0.1:8787/api/auth/logout", { method: "POST", headers: { Origin: "http://127.0.0.1:8787" } });
    expect(local.status).toBe(204);
  });

  it("lets a request without Origin through to the XSRF check (server-to-server callers, API keys)", async () => {
    const browser = new TestBrowser(demoEnv());
    expect((await browser.request("/api/auth/demo", { method: "POST" })).status).toBe(200);
    // No Origin and no XSRF pair: the XSRF check, not the Origin check, answers.
    const res = await browser.request("/api/auth/logout", { method: "POST", omitXsrfHeader: true });
    expect(await res.json()).toEqual({ detail: "Missing XSRF token. Reload the page and try again.", code: "xsrf_failed" });
  });

  it("never checks safe methods", async () => {
    const res = await new TestBrowser(demoEnv()).request("/api/health", { headers: { Origin: "https://evil.example" } });
    expect(res.status).toBe(200);
  });
});
