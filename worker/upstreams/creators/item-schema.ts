import * as z from "zod";
import { ASIN_PATTERN, LOOKUP_MARKETPLACES, MARKETPLACE_CURRENCY, MARKETPLACE_HOST, type Marketplace } from "../../contract/marketplaces";
import type { ProductData } from "../../contract/product";

/**
 * The boundary between the Creators API's answers and everything RankLayer shows: one zod
 * schema per mapped field. Nothing reaches a lookup, snapshot, compare or export without
 * passing these, so a malformed value is dropped here (null, logged) rather than shown as live.
 */

const MAX_TEXT = 2000;

/** Amazon's product image CDNs. */
const IMAGE_HOST = /^(?:[a-z0-9-]+\.)*(?:media-amazon\.com|ssl-images-amazon\.com|images-amazon\.com)$/;

export const asinSchema = z.pipe(
  z.string().check(z.regex(/^[A-Za-z0-9]{10}$/)),
  z.transform((asin) => asin.toUpperCase()),
);
/** Titles and category names: real text, not a number, not blank. */
export const textSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_TEXT));
/** z.number() already refuses NaN and ±Infinity. */
export const priceAmountSchema = z.number().check(z.positive());
export const currencySchema = z.string().check(z.regex(/^[A-Z]{3}$/));
export const rankSchema = z.int().check(z.positive());
/** customerReviews.starRating.value: stars out of 5. */
export const starRatingSchema = z.number().check(z.gte(0), z.lte(5));
/** customerReviews.count: how many ratings and reviews. */
export const reviewCountSchema = z.int().check(z.nonnegative());
export const imageUrlSchema = z.url({ protocol: /^https$/, hostname: IMAGE_HOST });

// A memo of a pure function of the marketplace (one schema each), not per-isolate state.
const detailPageUrlSchemas = new Map<Marketplace, z.ZodType<string>>();

/** A detail page on the storefront of the marketplace asked about (with or without "www."). */
export function detailPageUrlSchema(marketplace: Marketplace): z.ZodType<string> {
  let schema = detailPageUrlSchemas.get(marketplace);
  if (!schema) {
    const bare = MARKETPLACE_HOST[marketplace].replace(/^www\./, "");
    schema = z.url({ protocol: /^https$/, hostname: new RegExp(`^(?:www\\.)?${bare.replace(/\./g, "\\.")}$`) });
    detailPageUrlSchemas.set(marketplace, schema);
  }
  return schema;
}

/** What a validated ProductData looks like; the mapping's output is checked against it once more. */
export const productDataSchema = z.object({
  asin: z.string().check(z.regex(ASIN_PATTERN)),
  marketplace: z.enum(LOOKUP_MARKETPLACES as [Marketplace, ...Marketplace[]]),
  title: z.nullable(textSchema),
  image: z.nullable(imageUrlSchema),
  categoryPath: z.array(textSchema),
  rank: z.nullable(rankSchema),
  price: z.nullable(z.object({ amount: priceAmountSchema, currency: currencySchema })),
  offers: z.nullable(z.int().check(z.nonnegative())),
  rating: z.nullable(z.number().check(z.gte(0), z.lte(5))),
  reviewCount: z.nullable(z.int().check(z.nonnegative())),
  detailPageUrl: z.nullable(z.url({ protocol: /^https$/ })),
  brand: z.optional(textSchema),
  priceSource: z.optional(z.enum(["lowest_offer"])),
});

/** Whether `product` passes the boundary schema for its marketplace (cached copies are re-checked with this). */
export function isValidProduct(product: unknown): product is ProductData {
  const parsed = productDataSchema.safeParse(product);
  if (!parsed.success) return false;
  const { marketplace, detailPageUrl, price } = parsed.data;
  if (detailPageUrl !== null && !detailPageUrlSchema(marketplace).safeParse(detailPageUrl).success) return false;
  return price === null || price.currency === MARKETPLACE_CURRENCY[marketplace];
}

/** `value` when it is an array; otherwise [] (and a note when something else was there). */
export function arrayAt(value: unknown, note: (problem: string) => void, what: string): unknown[] {
  if (Array.isArray(value)) return value;
  if (value !== undefined && value !== null) note(`${what} is not a list`);
  return [];
}

/**
 * A field through its schema: undefined when absent, the parsed value when valid, and
 * null when present but malformed (after noting it, so operators see what Amazon sent).
 */
export function checked<T>(
  schema: z.ZodType<T>,
  value: unknown,
  note: (problem: string) => void,
  what: string,
): T | null | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  note(`${what} is malformed: ${preview(value)}`);
  return null;
}

/** A short, log-safe rendering of a dropped value. */
function preview(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** Logs one dropped field or item of a getItems answer for `asin` in `marketplace`. */
export function noteFor(asin: string, marketplace: Marketplace): (problem: string) => void {
  return (problem) => console.warn(`creators getItems ${marketplace} ${asin}: ${problem}; not shown`);
}
