/**
 * Reads a pasted list of ASINs (the compare forms). Apart from asin-input.ts, which the home
 * page's lookup form puts in the first-load JS: only the lazily loaded compare pages need this.
 */
import { isAsin, readPastedAsin } from "./asin-input";
import type { Marketplace } from "./marketplaces";

export interface AsinList {
  /** Valid ASINs, de-duplicated, in the order first pasted. */
  asins: string[];
  /** Pieces that are neither an ASIN nor an Amazon product URL, as pasted. */
  invalid: string[];
  /** How many repeats were dropped. */
  duplicates: number;
  /** The marketplace the pasted URLs name, when they name exactly one. */
  marketplace: Marketplace | null;
}

/** Any number of ASINs or URLs separated by spaces, commas, semicolons or new lines. */
export function parseAsinList(text: string): AsinList {
  const asins: string[] = [];
  const invalid: string[] = [];
  const marketplaces = new Set<Marketplace>();
  let duplicates = 0;
  for (const piece of text.split(/[\s,;]+/)) {
    if (piece === "") continue;
    const { asin, marketplace } = readPastedAsin(piece);
    if (!isAsin(asin)) {
      invalid.push(piece);
      continue;
    }
    if (marketplace) marketplaces.add(marketplace);
    if (asins.includes(asin)) duplicates += 1;
    else asins.push(asin);
  }
  return { asins, invalid, duplicates, marketplace: marketplaces.size === 1 ? [...marketplaces][0]! : null };
}
