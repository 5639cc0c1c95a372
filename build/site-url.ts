/**
 * The absolute origin the site is served from, for canonical links, og:url and og:image,
 * which must be absolute. Set SITE_URL when building for another host (a staging domain,
 * a custom domain); it is baked into the HTML files and the SPA at build time.
 */
export const DEFAULT_SITE_URL = "https://ranklayer.com";

export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  const configured = env.SITE_URL?.trim() || DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`SITE_URL must be an absolute URL such as ${DEFAULT_SITE_URL}, got "${configured}"`);
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.pathname !== "/" || url.search || url.hash) {
    throw new Error(`SITE_URL must be an http(s) origin with no path, query or hash, got "${configured}"`);
  }
  return url.origin;
}
