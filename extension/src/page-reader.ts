/**
 * Which Amazon page the content script is on, from its URL: a product page (ASIN and
 * marketplace, read by the site's own ASIN reader) or a search results page.
 */
import { isAsin, readPastedAsin } from "../../worker/contract/asin-input";
import { LOOKUP_MARKETPLACES, MARKETPLACE_HOST, type Marketplace } from "../../worker/contract/marketplaces";
import { COMPARE_MAX_ASINS } from "../../worker/contract/compare";

export type AmazonPage = { kind: "product"; asin: string; marketplace: Marketplace } | { kind: "search"; marketplace: Marketplace } | null;

export function marketplaceOfHost(hostname: string): Marketplace | null {
  return LOOKUP_MARKETPLACES.find((code) => MARKETPLACE_HOST[code] === hostname.toLowerCase()) ?? null;
}

export function readAmazonPage(href: string): AmazonPage {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const marketplace = marketplaceOfHost(url.hostname);
  if (!marketplace) return null;
  if (/\/(?:dp|gp\/product)\//i.test(url.pathname)) {
    const pasted = readPastedAsin(`https://${url.hostname}${url.pathname}`);
    return pasted.marketplace && isAsin(pasted.asin) ? { kind: "product", asin: pasted.asin, marketplace: pasted.marketplace } : null;
  }
  if (url.pathname === "/s" || url.pathname.startsWith("/s/")) return { kind: "search", marketplace };
  return null;
}

/** Whether two readings name the same product (Amazon rewrites `?th=1&psc=1` and the slug on the same one). */
export function sameProduct(a: AmazonPage, b: AmazonPage): boolean {
  return a?.kind === "product" && b?.kind === "product" && a.asin === b.asin && a.marketplace === b.marketplace;
}

/**
 * Search results by ASIN, in page order (sponsored and organic alike). An ASIN shown twice (a
 * sponsored slot and its organic place) is asked for once and keeps every slot it fills.
 */
export function searchResults(root: ParentNode): { asin: string; elements: HTMLElement[] }[] {
  const byAsin = new Map<string, HTMLElement[]>();
  for (const element of root.querySelectorAll<HTMLElement>('[data-component-type="s-search-result"][data-asin]')) {
    const asin = (element.dataset.asin ?? "").toUpperCase();
    if (!isAsin(asin)) continue;
    byAsin.set(asin, [...(byAsin.get(asin) ?? []), element]);
  }
  return [...byAsin].map(([asin, elements]) => ({ asin, elements }));
}

/** Groups of at most 10: one compare call each. */
export function batchesOfTen<T>(items: T[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += COMPARE_MAX_ASINS) batches.push(items.slice(start, start + COMPARE_MAX_ASINS));
  return batches;
}

/** Where the panel goes: under the buy box, else atop the right column, else after the product's centre column. */
export function panelAnchor(doc: Document): { element: Element; position: "afterend" | "afterbegin" } | null {
  const buyBox = doc.querySelector("#desktop_buybox, #buybox");
  if (buyBox) return { element: buyBox, position: "afterend" };
  const right = doc.querySelector("#rightCol");
  if (right) return { element: right, position: "afterbegin" };
  const centre = doc.querySelector("#centerCol, #ppd, #dp-container");
  return centre ? { element: centre, position: "afterend" } : null;
}
