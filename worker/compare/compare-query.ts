import * as z from "../openapi/zod";
import { isAsin, readPastedAsin, type PastedAsin } from "../contract/asin-input";
import { marketplaceOrIssue, pastedMarketplaceSchema } from "../contract/lookup-query";
import type { Marketplace } from "../contract/marketplaces";

/** The pieces of `asins=A,B,…`, read as pasted (spaces, lower case, product URLs and their marketplaces). */
function splitAsins(raw: string): PastedAsin[] {
  return raw
    .split(/[\s,;]+/)
    .filter((piece) => piece !== "")
    .map(readPastedAsin);
}

/** A compare as asked: its ASINs without repeats, in the order given, and the marketplace it means. */
export interface CompareQuery {
  asins: string[];
  marketplace: Marketplace;
}

/**
 * The compare's query in classic zod, as @hono/zod-openapi needs for the OpenAPI document; GET
 * /api/v1/compare and the compare export both read it, so both pick the same marketplace.
 * Server only: the web reads ASIN lists with contract/asin-input.ts and never bundles this.
 */
export const compareQuerySchema = z
  .object({
    asins: z
      .string({ error: "asins is required" })
      .superRefine((raw, ctx) => {
        const asins = splitAsins(raw).map((pasted) => pasted.asin);
        if (asins.length === 0) {
          ctx.addIssue({ code: "custom", message: "Give at least one ASIN" });
          return;
        }
        const bad = asins.filter((asin) => !isAsin(asin));
        if (bad.length > 0) ctx.addIssue({ code: "custom", message: `Not ASINs (10 letters or digits): ${bad.join(", ")}` });
        // How many: the plan's limit (compare-rules.ts), one 403 naming it, not a 422 for the
        // absolute cap first and the plan's smaller one only once the list is trimmed.
      })
      .openapi({
        description: "ASINs separated by commas, or Amazon product URLs, whose host names the marketplace (all on one marketplace).",
        example: "B08N5WRWNW,B07XJ8C8F5",
      }),
    marketplace: pastedMarketplaceSchema,
  })
  .transform((query, ctx): CompareQuery => {
    const pasted = splitAsins(query.asins);
    const marketplace = marketplaceOrIssue(query.marketplace, pasted.map((piece) => piece.marketplace), ctx, "asins", query);
    return marketplace === null ? z.NEVER : { asins: [...new Set(pasted.map((piece) => piece.asin))], marketplace };
  });

/** GET /api/v1/compare/marketplaces: one ASIN, or an Amazon product URL (its marketplace plays no part). */
export const breakdownQuerySchema = z.object({
  asin: z
    .string({ error: "asin is required" })
    .transform((raw) => readPastedAsin(raw.trim()).asin)
    .refine(isAsin, { error: "Not an ASIN (10 letters or digits)" })
    .openapi({ description: "The ASIN, or an Amazon product URL.", example: "B08N5WRWNW" }),
});
