import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { isApiPath, missingFileDetail, siteNotFound, type AssetFetcher } from "../../../worker/site/not-found";

const PAGE = "<!doctype html><title>Page not found | RankLayer</title><div id=root></div>";
const SITE_CSP = "default-src 'self'; script-src 'self'";

/** The assets binding of a build: /404 is dist/404.html, with the headers dist/_headers gives it. */
function builtAssets(hasPage = true): AssetFetcher & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input, init);
      asked.push(`${request.method} ${new URL(request.url).pathname}`);
      if (!hasPage || new URL(request.url).pathname !== "/404") return new Response(null, { status: 404 });
      return new Response(PAGE, {
        headers: {
          "Content-Type": "text/html; charset=utf-8",
          "Cache-Control": "public, max-age=0, must-revalidate",
          ETag: '"page-etag"',
          "Content-Security-Policy": SITE_CSP,
          "X-Content-Type-Options": "nosniff",
        },
      });
    },
  } as AssetFetcher & { asked: string[] };
}

const at = (path: string, method = "GET") => new Request(`https://ranklayer.test${path}`, { method });

describe("a path outside /api that names no file", () => {
  it.each(["/nope", "/resources/nope", "/404", "/apifoo", "/assets"])("%s answers 404 with the 404 page, kept by no cache", async (path) => {
    const assets = builtAssets();
    const response = await siteNotFound(at(path), assets);

    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("ETag")).toBeNull();
    // The site's headers (a page's CSP, not the API's default-src 'none').
    expect(response.headers.get("Content-Security-Policy")).toBe(SITE_CSP);
    expect(await response.text()).toBe(PAGE);
    expect(assets.asked).toEqual(["GET /404"]);
  });

  it("answers HEAD with the same status and headers and no body", async () => {
    const assets = builtAssets();
    const response = await siteNotFound(at("/nope", "HEAD"), assets);

    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.body).toBeNull();
    expect(assets.asked).toEqual(["GET /404"]);
  });

  it("answers a missing file under /assets/ (an old build's chunk) with a JSON 404, never the page or a long cache", async () => {
    for (const path of ["/assets/index-deadbeef.js", "/assets/app-1234abcd.css", "/assets/"]) {
      const response = await siteNotFound(at(path), builtAssets());

      expect(response.status).toBe(404);
      expect(response.headers.get("Content-Type")).toBe("application/json");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("ETag")).toBeNull();
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await response.json()).toEqual({ detail: missingFileDetail(path), code: "not_found" });
    }
    expect(missingFileDetail("/assets/a-1.js")).toBe("No file /assets/a-1.js: it may belong to an older version of the site. Reload the page.");

    const head = await siteNotFound(at("/assets/index-deadbeef.js", "HEAD"), builtAssets());
    expect([head.status, head.headers.get("Content-Type"), head.body]).toEqual([404, "application/json", null]);
  });

  it("still answers 404 in JSON when the build has no 404 page", async () => {
    const response = await siteNotFound(at("/nope"), builtAssets(false));
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ detail: "No page at /nope.", code: "not_found" });
  });
});

describe("the Worker's fetch", () => {
  async function fetchWorker(path: string, assets: AssetFetcher): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await worker.fetch!(at(path) as Request<unknown, IncomingRequestCfProperties>, { ...env, ASSETS: assets as Fetcher }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  it("takes /api and /api/* as the API's, as wrangler.toml's run_worker_first does", () => {
    expect(["/api", "/api/", "/api/health", "/api/v1/lookup"].every(isApiPath)).toBe(true);
    expect(["/", "/apifoo", "/ap", "/404", "/assets/x.js", "/x/api/health"].some(isApiPath)).toBe(false);
  });

  it("answers the API's paths from the API and every other path with the site's 404", async () => {
    const api = await fetchWorker("/api/nope", builtAssets());
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: "No API route for GET /api/nope", code: "not_found" });

    for (const path of ["/nope", "/404", "/apifoo"]) {
      const page = await fetchWorker(path, builtAssets());
      expect([path, page.status, page.headers.get("Content-Type"), await page.text()]).toEqual([path, 404, "text/html; charset=utf-8", PAGE]);
    }
    const chunk = await fetchWorker("/assets/index-deadbeef.js", builtAssets());
    expect([chunk.status, chunk.headers.get("Cache-Control")]).toEqual([404, "no-store"]);
  });
});
