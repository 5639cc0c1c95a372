/**
 * What a crawler or a link preview gets: plain HTTP against the built app under
 * `wrangler dev`, no script run. Each route's own head tags, real 404s, security headers.
 */
import { Window } from "happy-dom";
import { describe, expect, inject, it } from "vitest";
import { siteUrl } from "../../build/site-url.ts";
import { NOT_FOUND_META, ROUTE_PATHS, routeMeta } from "../../web/src/app/route-meta.ts";
import { expectedHeadTags, readHeadTags } from "../support/head-tags.ts";

const appUrl = inject("appUrl");
// The build these tests run against read the same environment.
const SITE = siteUrl();

function parse(html: string): Document {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
}

async function getPage(path: string) {
  const response = await fetch(`${appUrl}${path}`, { redirect: "manual" });
  return { response, document: parse(await response.text()) };
}

/** The scripts a page loads; every one must be a file (the CSP allows no inline script). */
function scriptsOf(document: Document) {
  return [...document.querySelectorAll("script")].map((script) => ({ src: script.getAttribute("src"), inline: script.textContent?.trim() ?? "" }));
}

describe("each route's HTML", () => {
  it.each(ROUTE_PATHS)("%s answers 200 with its own title, description, canonical and social tags", async (path) => {
    const { response, document } = await getPage(path);

    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const meta = routeMeta(path);
    expect(readHeadTags(document)).toEqual(expectedHeadTags(path, meta, SITE));
    // The SPA itself: the root it renders into and the entry script.
    expect(document.getElementById("root")).not.toBeNull();
    expect(scriptsOf(document).some(({ src }) => src?.startsWith("/assets/"))).toBe(true);
    expect(scriptsOf(document).filter(({ inline }) => inline !== "")).toEqual([]);
  });

  it.each(["/", "/compare", "/pricing", "/dashboard", "/robots.txt", "/sitemap.xml"])("answers HEAD for %s with 200, its type and no body", async (path) => {
    const response = await fetch(`${appUrl}${path}`, { method: "HEAD", redirect: "manual" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(path.endsWith(".txt") ? /^text\/plain/ : path.endsWith(".xml") ? /xml/ : /^text\/html/);
    expect(await response.text()).toBe("");
  });

  it("serves /results with a query string from the same file", async () => {
    const { response, document } = await getPage("/results?asin=B08N5WRWNW&marketplace=US");
    expect(response.status).toBe(200);
    expect(readHeadTags(document).canonical).toBe(`${SITE}/results`);
  });

  it("serves a real 1200×630 PNG as og:image", async () => {
    const response = await fetch(`${appUrl}/og-image.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = new DataView(await response.arrayBuffer());
    // PNG signature, then the IHDR chunk's width and height.
    expect(png.getUint32(0)).toBe(0x89504e47);
    expect([png.getUint32(16), png.getUint32(20)]).toEqual([1200, 630]);
  });
});

describe("unknown paths", () => {
  it.each(["/nope", "/resources/nope", "/compare/extra", "/contact/success/more"])("%s answers 404 with the 404 page", async (path) => {
    const { response, document } = await getPage(path);

    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(readHeadTags(document)).toMatchObject({
      title: `${NOT_FOUND_META.title} | RankLayer`,
      description: NOT_FOUND_META.description,
      robots: "noindex, follow",
      canonical: null,
      ogUrl: null,
    });
    // The SPA, which renders its 404 page there (test/e2e/site-routes.test.ts).
    expect(scriptsOf(document).some(({ src }) => src?.startsWith("/assets/"))).toBe(true);
  });

  it.each(["/404", "/404.html", "/404/"])("%s is no page of its own: it ends at the same 404", async (path) => {
    const response = await fetch(`${appUrl}${path}`);

    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(readHeadTags(parse(await response.text())).title).toBe(`${NOT_FOUND_META.title} | RankLayer`);
  });

  it("answers HEAD for an unknown path with the 404's status and headers, and no body", async () => {
    const response = await fetch(`${appUrl}/nope`, { method: "HEAD" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toBe("");
  });

  // A tab opened before a deploy asks for the old build's hashed files, which are gone. The answer
  // is a short JSON 404, never the HTML page under the year-long immutable cache of /assets/*:
  // kept that way, a browser or CDN would serve HTML as that script for a year.
  it.each(["/assets/index-deadbeef.js", "/assets/AboutPage-Dead_Beef.js", "/assets/index-deadbeef.css", "/assets/"])(
    "answers a missing file %s with a JSON 404 that no cache keeps",
    async (path) => {
      const response = await fetch(`${appUrl}${path}`, { redirect: "manual" });

      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({
        detail: `No file ${path}: it may belong to an older version of the site. Reload the page.`,
        code: "not_found",
      });
    },
  );

  it("answers HEAD for a missing file under /assets/ with the same 404, no body", async () => {
    const response = await fetch(`${appUrl}/assets/index-deadbeef.js`, { method: "HEAD" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("");
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await fetch(`${appUrl}/api/nope`);
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ detail: "No API route for GET /api/nope", code: "not_found" });
    // /api itself is the API's too, not the site's HTML 404 page (wrangler.toml's run_worker_first).
    const bare = await fetch(`${appUrl}/api?x=1`);
    expect(bare.status).toBe(404);
    expect(await bare.json()).toEqual({ detail: "No API route for GET /api", code: "not_found" });
  });
});

describe("what crawlers are told", () => {
  it("lists exactly the indexable routes in /sitemap.xml, at the built site's origin", async () => {
    const response = await fetch(`${appUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/xml/);
    const locations = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(ROUTE_PATHS.filter((path) => !routeMeta(path).noindex).map((path) => `${SITE}${path}`));
    expect(locations).toContain(`${SITE}/pricing`);
    expect(locations).not.toContain(`${SITE}/settings`);
  });

  it("keeps crawlers off the quota-spending lookups in /robots.txt, not the API pages render from, and points them to the sitemap", async () => {
    const response = await fetch(`${appUrl}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines.filter((line) => line.startsWith("Disallow:"))).toEqual(["Disallow: /api/v1/lookup", "Disallow: /api/v1/compare?"]);
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
  });
});

describe("security headers", () => {
  /** Directive name → its sources. */
  function cspDirectives(header: string | null): Map<string, string[]> {
    return new Map(
      (header ?? "")
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .filter((parts) => parts[0] !== "")
        .map(([name, ...sources]) => [name!, sources]),
    );
  }

  async function firstScriptPath(): Promise<string> {
    const { document } = await getPage("/");
    const src = scriptsOf(document).find(({ src }) => src?.startsWith("/assets/"))?.src;
    if (!src) throw new Error("the home page loads no script from /assets/");
    return src;
  }

  const responses: [name: string, pathOf: () => Promise<string>, status: number][] = [
    ["the home page", async () => "/", 200],
    ["a route's HTML", async () => "/compare", 200],
    ["a nested route's HTML", async () => "/contact/success", 200],
    ["a script", firstScriptPath, 200],
    ["the og:image", async () => "/og-image.png", 200],
    ["the 404 page", async () => "/resources/nope", 404],
    ["/404", async () => "/404", 404],
    ["a missing file under /assets/", async () => "/assets/index-deadbeef.js", 404],
    ["an API answer", async () => "/api/health", 200],
    ["an API 404", async () => "/api/nope", 404],
  ];

  it.each(responses)("are on %s", async (_name, pathOf, status) => {
    const response = await fetch(`${appUrl}${await pathOf()}`, { redirect: "manual" });
    expect(response.status).toBe(status);

    const csp = cspDirectives(response.headers.get("content-security-policy"));
    const scriptSources = csp.get("script-src") ?? csp.get("default-src");
    expect(scriptSources).toBeDefined();
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).not.toContain("'unsafe-eval'");
    expect(csp.get("object-src") ?? csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);

    const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("strict-transport-security") ?? "")?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=(), payment=()");
  });
});

describe("caching", () => {
  const IMMUTABLE = "public, max-age=31536000, immutable";

  /** Every /assets/ file the home page names: its scripts, preloads and stylesheets. */
  async function homeAssetPaths(): Promise<string[]> {
    const { document } = await getPage("/");
    const paths = [
      ...[...document.querySelectorAll("script[src]")].map((script) => script.getAttribute("src")),
      ...[...document.querySelectorAll("link[href]")].map((link) => link.getAttribute("href")),
    ].filter((path): path is string => path?.startsWith("/assets/") ?? false);
    return [...new Set(paths)];
  }

  it("keeps every content-hashed file under /assets/ for a year, immutable", async () => {
    const paths = await homeAssetPaths();
    expect(paths.some((path) => path.endsWith(".js"))).toBe(true);
    expect(paths.some((path) => path.endsWith(".css"))).toBe(true);
    for (const path of paths) {
      // Vite names them by content: `<name>-<hash>.<ext>`.
      expect(path).toMatch(/-[\w-]{8,}\.(js|css)$/);
      const response = await fetch(`${appUrl}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(IMMUTABLE);
      const head = await fetch(`${appUrl}${path}`, { method: "HEAD" });
      expect([head.status, head.headers.get("cache-control")]).toEqual([200, IMMUTABLE]);
    }
  });

  it.each([
    ["the home page", "/", 200],
    ["a route's HTML", "/compare", 200],
    ["the 404 page", "/resources/nope", 404],
    ["/404", "/404", 404],
    ["a missing file under /assets/", "/assets/index-deadbeef.js", 404],
    ["an unhashed script", "/theme.js", 200],
    ["the og:image", "/og-image.png", 200],
  ])("revalidates %s on every use", async (_name, path, status) => {
    const response = await fetch(`${appUrl}${path}`, { redirect: "manual" });
    expect(response.status).toBe(status);
    const cacheControl = response.headers.get("cache-control") ?? "";
    expect(cacheControl).not.toContain("immutable");
    // `max-age=0, must-revalidate` or `no-cache`: a cache may keep it but must ask first.
    expect(cacheControl).toMatch(/max-age=0\b.*must-revalidate|no-cache|no-store/);
  });
});
