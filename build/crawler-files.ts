/**
 * robots.txt and sitemap.xml, written by the build beside each route's HTML (route-html.ts) from
 * the same route list, so the sitemap names exactly the indexable pages at the built SITE_URL.
 */
import { ROUTE_PATHS, routeMeta, type RoutePath } from "../web/src/app/route-meta.ts";

/** The pages search engines may index: every route not marked noindex. */
function indexablePaths(): RoutePath[] {
  return ROUTE_PATHS.filter((path) => !routeMeta(path).noindex);
}

export function sitemapXml(siteUrl: string): string {
  const urls = indexablePaths().map((path) => `  <url><loc>${siteUrl}${path}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/**
 * Crawlers stay off the two API calls that spend the anonymous allowance and Amazon's quota: a
 * lookup, and a compare of ASINs (`/api/v1/compare?…`; its `/plan` stays open). The rest of the
 * API stays crawlable because indexed pages render from it (pricing's plans, /status, /compare's
 * limits), and a renderer kept off a page's data sees a broken page. Signed-in and per-query pages
 * are not disallowed either: they carry `noindex`, which a crawler only reads if it may fetch them.
 */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nDisallow: /api/v1/lookup\nDisallow: /api/v1/compare?\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
