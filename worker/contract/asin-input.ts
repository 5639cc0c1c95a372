/**
 * Reads an ASIN the way sellers paste it: with spaces, in lower case, or as an Amazon
 * product URL (/dp/, /gp/product/) on any supported marketplace host, which also names the
 * marketplace (lists of them: asin-list.ts). Pure and free of zod, so every
 * form (and the home page's first-load bundle) can use it.
 */
import { ASIN_PATTERN, LOOKUP_MARKETPLACES, MARKETPLACE_HOST, type Marketplace } from "./marketplaces";

export interface PastedAsin {
  /** Upper-case and trimmed; valid only when it matches ASIN_PATTERN. */
  asin: string;
  /** The marketplace of the Amazon URL it came from, if any. */
  marketplace: Marketplace | null;
}

/**
 * Paths of one product Amazon uses, with or without a slug first: /dp/ASIN (and /dp/product/ASIN),
 * /gp/product/ASIN, /gp/aw/d/ASIN, its reviews and its offers.
 */
const PRODUCT_PATH = /\/(?:dp(?:\/product)?|gp\/product|gp\/aw\/d|exec\/obidos\/ASIN|product-reviews|gp\/offer-listing)\/([A-Za-z0-9]{10})(?=[/?#]|$)/i;
/** What comes along with a value copied from a page, a sentence or a CSV: zero-width characters, quotes, brackets, a full stop. */
const WRAPPING = /^[\s\u200B-\u200D\u2060"'“”‘’<([]+|[\s\u200B-\u200D\u2060"'“”‘’>)\].]+$/g;

function marketplaceOfHost(host: string): Marketplace | null {
  const bare = host.toLowerCase().replace(/^(www|smile|m)\./, "");
  return LOOKUP_MARKETPLACES.find((code) => MARKETPLACE_HOST[code].replace(/^www\./, "") === bare) ?? null;
}

function looksLikeUrl(text: string): boolean {
  return /^https?:\/\//i.test(text) || /^(www\.|smile\.|m\.)?amazon\.[a-z.]+\//i.test(text);
}

/** One pasted value: an ASIN in any case, or an Amazon product URL. */
export function readPastedAsin(raw: string): PastedAsin {
  // Unwrapped only when that makes an ASIN: a field read at each keystroke keeps the "." of "amazon.".
  const unwrapped = readText(raw.replace(WRAPPING, ""));
  return isAsin(unwrapped.asin) ? unwrapped : readText(raw.trim());
}

function readText(text: string): PastedAsin {
  if (looksLikeUrl(text)) {
    try {
      const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
      const marketplace = marketplaceOfHost(url.hostname);
      const match = PRODUCT_PATH.exec(url.pathname);
      if (marketplace && match) return { asin: match[1]!.toUpperCase(), marketplace };
    } catch {
      // Not a URL after all: judged as text below.
    }
    return { asin: text, marketplace: null };
  }
  return { asin: text.toUpperCase(), marketplace: null };
}

export function isAsin(value: string): boolean {
  return ASIN_PATTERN.test(value);
}
