/**
 * The head tags a crawler or link preview reads, from any document: the HTML the server
 * sends (parsed in the HTTP tests) or the live SPA's (in the component tests).
 */
export function readHeadTags(document: Document) {
  const content = (selector: string) => document.head.querySelector(selector)?.getAttribute("content") ?? null;
  return {
    title: document.title,
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    description: content('meta[name="description"]'),
    robots: content('meta[name="robots"]'),
    ogTitle: content('meta[property="og:title"]'),
    ogDescription: content('meta[property="og:description"]'),
    ogUrl: content('meta[property="og:url"]'),
    ogImage: content('meta[property="og:image"]'),
    twitterCard: content('meta[name="twitter:card"]'),
  };
}

/** The head tags a route with this meta must carry on `site` (an absolute origin). */
export function expectedHeadTags(path: string, meta: { title: string; description: string; noindex?: boolean }, site: string) {
  const title = `${meta.title} | RankLayer`;
  return {
    title,
    canonical: `${site}${path}`,
    description: meta.description,
    robots: meta.noindex ? "noindex, follow" : "index, follow",
    ogTitle: title,
    ogDescription: meta.description,
    ogUrl: `${site}${path}`,
    ogImage: `${site}/og-image.png`,
    twitterCard: "summary_large_image",
  };
}
