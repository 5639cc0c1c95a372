import { DEFAULT_MARKETPLACE, MARKETPLACE_HOST, type Marketplace } from "./marketplaces";

export type MarketplaceChoice =
  | { ok: true; marketplace: Marketplace }
  /** `marketplace`: the one asked for contradicts a URL's; `urls`: the URLs name different ones. */
  | { ok: false; conflict: "marketplace" | "urls"; message: string };

const named = (code: Marketplace) => `${code} (${MARKETPLACE_HOST[code].replace(/^www\./, "")})`;

/**
 * The marketplace a request means: the one it asks for, else the one its pasted Amazon URLs name,
 * else the default. URLs that disagree, or an asked-for marketplace a URL contradicts, are refused
 * rather than one of them silently chosen: the caller meant one and we cannot tell which.
 */
export function chooseMarketplace(asked: Marketplace | undefined, fromUrls: readonly (Marketplace | null)[]): MarketplaceChoice {
  const urls = [...new Set(fromUrls.filter((code): code is Marketplace => code !== null))];
  const contradicting = asked === undefined ? undefined : urls.find((code) => code !== asked);
  if (asked !== undefined && contradicting !== undefined) {
    const message = `marketplace is ${asked}, but an Amazon URL is on ${named(contradicting)}: leave marketplace out or make them agree.`;
    return { ok: false, conflict: "marketplace", message };
  }
  if (asked === undefined && urls.length > 1) {
    const message = `The Amazon URLs are on different marketplaces (${urls.map(named).join(", ")}): give the ASINs of one marketplace at a time.`;
    return { ok: false, conflict: "urls", message };
  }
  return { ok: true, marketplace: asked ?? urls[0] ?? DEFAULT_MARKETPLACE };
}
