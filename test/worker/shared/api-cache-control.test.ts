import { describe, expect, it } from "vitest";
import { demoEnv, TestBrowser } from "../support/seller-browser";

/** The only API answers a cache may keep: the same for everyone, and each route says for how long. */
const SHARED_CACHEABLE = new Set(["/billing/plans", "/mock-images/{marketplace}/{file}", "/branding/logo/{logoId}"]);

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

describe("Cache-Control on API answers", () => {
  it("is no-store on every GET route's answer, signed in, unless the route is deliberately cacheable", async () => {
    const browser = new TestBrowser(demoEnv());
    await browser.signInDemo();
    const documents = await Promise.all(
      ["/api/openapi.json", "/api/openapi-internal.json"].map(async (path) => (await (await browser.request(path)).json()) as OpenApiDocument),
    );
    const getPaths = [...new Set(documents.flatMap((document) => Object.entries(document.paths).filter(([, operations]) => "get" in operations).map(([path]) => path)))];
    expect(getPaths).toContain("/onboarding");

    const uncached: string[] = [];
    for (const path of getPaths.filter((path) => !SHARED_CACHEABLE.has(path))) {
      const res = await browser.request(`/api${path.replace(/\{[^}]+\}/g, "x")}?asin=B08N5WRWNW&marketplace=US`);
      await res.arrayBuffer();
      if (!/\bno-store\b/.test(res.headers.get("Cache-Control") ?? "")) uncached.push(`${path} (${res.status}): ${res.headers.get("Cache-Control")}`);
    }
    expect(uncached).toEqual([]);
  });

  it("keeps every API answer out of search results (X-Robots-Tag), cacheable ones too", async () => {
    for (const path of ["/api/health", "/api/status", "/api/billing/plans", "/api/no-such-route"]) {
      const res = await new TestBrowser(demoEnv()).request(path);
      expect(res.headers.get("X-Robots-Tag"), path).toBe("noindex");
    }
  });

  it("is no-store on an error answer and an unknown path's 404", async () => {
    for (const path of ["/api/no-such-route", "/api/v1/lookup?asin=nope"]) {
      const res = await new TestBrowser(demoEnv()).request(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers.get("Cache-Control") ?? "", path).toMatch(/\bno-store\b/);
    }
  });
});
