/**
 * The site's 404s. Workers static assets answer every path that names a file in dist/ (each
 * route's HTML, /assets/…, robots.txt) before the Worker runs; with `not_found_handling = "none"`
 * any other path outside /api reaches the Worker, and so does /404 (`run_worker_first`), whose
 * file is the 404 page itself. Each answer carries the site's headers from dist/_headers, which
 * the assets layer gives the 404 page, and `Cache-Control: no-store`: a path missing now may be a
 * page or a file after the next deploy.
 */

/** The 404 page's own path: dist/404.html, which the assets layer serves at /404. */
const NOT_FOUND_PAGE_PATH = "/404";

/**
 * Vite's content-hashed files. One missing there is a chunk of an older build that an open tab
 * still asks for: it gets a short JSON 404, not the HTML page, so the script or import fails
 * cleanly (and the web app reloads onto the new build, web/src/app/reload-after-deploy.ts).
 */
const HASHED_FILES_PREFIX = "/assets/";

/** What wrangler.toml's `run_worker_first` sends to the Worker as the API: /api and /api/*. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}

/** What the Worker needs of the assets binding. */
export type AssetFetcher = Pick<Fetcher, "fetch">;

export function missingFileDetail(path: string): string {
  return `No file ${path}: it may belong to an older version of the site. Reload the page.`;
}

/** The 404 answer for a path outside /api that names no file. */
export async function siteNotFound(request: Request, assets: AssetFetcher): Promise<Response> {
  const url = new URL(request.url);
  const page = await assets.fetch(new Request(new URL(NOT_FOUND_PAGE_PATH, url), { method: "GET" }));
  const headers = new Headers(page.headers);
  // The page's validator would describe a 200 of another path; the 404 is fetched anew each time.
  headers.delete("ETag");
  headers.set("Cache-Control", "no-store");
  const head = request.method === "HEAD";

  // Without the page (a Worker run with no build in dist/), the same JSON answer names the path.
  if (url.pathname.startsWith(HASHED_FILES_PREFIX) || !page.ok) {
    await page.body?.cancel();
    headers.set("Content-Type", "application/json");
    headers.delete("Content-Length");
    const detail = page.ok ? missingFileDetail(url.pathname) : `No page at ${url.pathname}.`;
    return new Response(head ? null : JSON.stringify({ detail, code: "not_found" }), { status: 404, headers });
  }
  if (head) await page.body?.cancel();
  return new Response(head ? null : page.body, { status: 404, headers });
}
