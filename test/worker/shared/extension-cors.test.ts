import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { CACHE_MAX_AGE_MS } from "../../../worker/lookup/cache";
import { EXTENSION_CACHE_MS } from "../../../worker/contract/extension";
import { DEFAULT_BODY_LIMIT_BYTES } from "../../../worker/shared/body-limit";
import { COOKIE_REFUSED_DETAIL, isExtensionKeyRequest, isExtensionOrigin } from "../../../worker/shared/extension-cors";
import { demoEnv } from "../support/seller-browser";
import { createKey, proDemo, withKey } from "../api-keys/support";
import { readRateLimit } from "../../../worker/contract/rate-limit-fields";

const CHROME = `chrome-extension://${"abcdefghijklmnop".repeat(2)}`;
const FIREFOX = "moz-extension://0d3a9a4e-5f1c-4b8e-9c1d-2b7e4f6a8c90";

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(path, init, demoEnv(), ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

describe("which origins count as the extension's", () => {
  it("accepts Chrome and Firefox extension origins only", () => {
    expect(isExtensionOrigin(CHROME)).toBe(true);
    expect(isExtensionOrigin(FIREFOX)).toBe(true);
    for (const other of [undefined, "null", "https://evil.example", "chrome-extension://short", `${CHROME}.evil.example`, `http://${CHROME.slice(19)}`]) {
      expect(isExtensionOrigin(other), String(other)).toBe(false);
    }
  });

  it("lets an extension through the Origin check only on /api/v1 with a Bearer key", () => {
    expect(isExtensionKeyRequest(CHROME, "/api/v1/watchlist", "Bearer rl_live_x")).toBe(true);
    expect(isExtensionKeyRequest(CHROME, "/api/watchlist", "Bearer rl_live_x")).toBe(false);
    expect(isExtensionKeyRequest(CHROME, "/api/v1/watchlist", undefined)).toBe(false);
    expect(isExtensionKeyRequest("https://evil.example", "/api/v1/watchlist", "Bearer rl_live_x")).toBe(false);
  });

  it("caches answers in the extension exactly as long as the server's lookup cache", () => {
    expect(EXTENSION_CACHE_MS).toBe(CACHE_MAX_AGE_MS);
  });
});

describe("CORS for the extension on /api/v1", () => {
  it("answers a preflight with the origin, methods and headers, and never allows credentials", async () => {
    const res = await call("/api/v1/watchlist", {
      method: "OPTIONS",
      headers: { Origin: CHROME, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(CHROME);
    expect(res.headers.get("Access-Control-Allow-Methods")).toContain("POST");
    expect(res.headers.get("Access-Control-Allow-Headers")).toBe("Authorization, Content-Type, Idempotency-Key");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
  });

  it("an anonymous lookup from Firefox gets the origin back and can read the free allowance headers", async () => {
    const res = await call("/api/v1/lookup?asin=B08N5WRWNW&marketplace=US", { headers: { Origin: FIREFOX, "CF-Connecting-IP": "198.51.100.30" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(FIREFOX);
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("RateLimit-Policy, RateLimit");
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(readRateLimit(res.headers)!.remaining).toBeGreaterThanOrEqual(0);
  });

  it("a keyed POST from the extension adds to the watchlist (no XSRF token, Origin check passed)", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser, "Browser extension");
    const res = await withKey(key, "/api/v1/watchlist", {
      method: "POST",
      headers: { Origin: CHROME },
      body: JSON.stringify({ asin: "B08N5WRWNW", marketplace: "DE" }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(CHROME);
    const list = await (await withKey(key, "/api/v1/watchlist")).json<{ items: { asin: string; marketplace: string }[] }>();
    expect(list.items).toEqual([expect.objectContaining({ asin: "B08N5WRWNW", marketplace: "DE" })]);
  });

  it("lets the extension change an alert: the preflight allows PATCH, and the keyed PATCH answers with the origin", async () => {
    const preflight = await call("/api/v1/alerts/some-id", {
      method: "OPTIONS",
      headers: { Origin: CHROME, "Access-Control-Request-Method": "PATCH", "Access-Control-Request-Headers": "authorization, content-type" },
    });
    expect(preflight.headers.get("Access-Control-Allow-Methods")?.split(/,\s*/)).toEqual(expect.arrayContaining(["GET", "POST", "PATCH", "DELETE"]));
    const { browser } = await proDemo();
    const { key } = await createKey(browser, "Browser extension");
    const created = await withKey(key, "/api/v1/alerts", {
      method: "POST",
      headers: { Origin: CHROME },
      body: JSON.stringify({ asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, marketplace: "US" }),
    });
    const { alert } = await created.json<{ alert: { id: string } }>();
    const paused = await withKey(key, `/api/v1/alerts/${alert.id}`, { method: "PATCH", headers: { Origin: CHROME }, body: JSON.stringify({ paused: true }) });
    expect(paused.status, await paused.clone().text()).toBe(200);
    expect(paused.headers.get("Access-Control-Allow-Origin")).toBe(CHROME);
  });

  it("exposes every rate-limit header a key answer carries, the draft's RateLimit and RateLimit-Policy included", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser, "Browser extension");
    const res = await withKey(key, "/api/v1/watchlist", { headers: { Origin: CHROME } });
    expect(res.status).toBe(200);
    const exposed = (res.headers.get("Access-Control-Expose-Headers") ?? "").split(/,\s*/).map((name) => name.toLowerCase());
    const carried = [...res.headers.keys()].filter((name) => name.startsWith("ratelimit") || name === "retry-after");
    expect(carried).toEqual(expect.arrayContaining(["ratelimit", "ratelimit-policy"]));
    for (const name of carried) expect(exposed, name).toContain(name);
  });

  it("gives error answers of the checks before any route the origin too, so the extension can read a 413's detail", async () => {
    const { browser } = await proDemo();
    const { key } = await createKey(browser, "Browser extension");
    const res = await withKey(key, "/api/v1/watchlist", {
      method: "POST",
      headers: { Origin: CHROME },
      body: JSON.stringify({ asin: "B08N5WRWNW", note: "x".repeat(DEFAULT_BODY_LIMIT_BYTES) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(CHROME);
    expect(await res.json()).toMatchObject({ code: "payload_too_large" });
  });

  it("refuses any extension request that carries cookies, even with a session that would be valid", async () => {
    const { browser } = await proDemo();
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const xsrf = browser.cookies.get("XSRF-TOKEN") ?? "";
    const post = await call("/api/v1/watchlist", {
      method: "POST",
      headers: { Origin: CHROME, Cookie: cookie, "X-XSRF-TOKEN": xsrf, "Content-Type": "application/json" },
      body: JSON.stringify({ asin: "B08N5WRWNW", marketplace: "US" }),
    });
    expect(post.status).toBe(403);
    expect(await post.json()).toEqual({ detail: COOKIE_REFUSED_DETAIL, code: "forbidden" });
    const get = await call("/api/v1/watchlist", { headers: { Origin: CHROME, Cookie: cookie } });
    expect(get.status).toBe(403);
    // Nothing was added by the refused POST.
    const own = await browser.request("/api/watchlist");
    expect((await own.json<{ items: unknown[] }>()).items).toEqual([]);
  });

  it("a keyless POST from an extension is still refused by the Origin check", async () => {
    const res = await call("/api/v1/watchlist", {
      method: "POST",
      headers: { Origin: CHROME, "Content-Type": "application/json" },
      body: JSON.stringify({ asin: "B08N5WRWNW", marketplace: "US" }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/another site/);
  });

  it("adds no CORS headers outside /api/v1 or for web origins", async () => {
    const other = await call("/api/health", { headers: { Origin: CHROME } });
    expect(other.headers.get("Access-Control-Allow-Origin")).toBeNull();
    const web = await call("/api/v1/compare/plan", { headers: { Origin: "https://evil.example" } });
    expect(web.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });
});

