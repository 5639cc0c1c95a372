import * as z from "../openapi/zod";
import { COMPARE_MAX_ASINS } from "../contract/compare";
import { readPastedAsin, isAsin } from "../contract/asin-input";
import { DEFAULT_MARKETPLACE, LOOKUP_MARKETPLACES } from "../contract/marketplaces";

/** The pieces of `asins=A,B,…`, read as pasted (spaces, lower case, product URLs). */
export function splitAsins(raw: string): string[] {
  return raw
    .split(/[\s,;]+/)
    .filter((piece) => piece !== "")
    .map((piece) => readPastedAsin(piece).asin);
}

/**
 * The compare's query in classic zod, as @hono/zod-openapi needs for the OpenAPI document.
 * Server only: the web reads ASIN lists with contract/asin-input.ts and never bundles this.
 */
export const compareQuerySchema = z.object({
  asins: z
    .string({ error: "asins is required" })
    .superRefine((raw, ctx) => {
      const asins = splitAsins(raw);
      if (asins.length === 0) {
        ctx.addIssue({ code: "custom", message: "Give at least one ASIN" });
        return;
      }
      const bad = asins.filter((asin) => !isAsin(asin));
      if (bad.length > 0) ctx.addIssue({ code: "custom", message: `Not ASINs (10 letters or digits): ${bad.join(", ")}` });
      if (new Set(asins).size > COMPARE_MAX_ASINS) {
        ctx.addIssue({ code: "custom", message: `At most ${COMPARE_MAX_ASINS} ASINs per compare` });
      }
    })
    .openapi({ description: "ASINs separated by commas (or Amazon product URLs)", example: "B08N5WRWNW,B07XJ8C8F5" }),
  marketplace: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(LOOKUP_MARKETPLACES as [string, ...string[]], { error: `Marketplace must be one of ${LOOKUP_MARKETPLACES.join(", ")}` }))
    .default(DEFAULT_MARKETPLACE)
    .openapi({ example: "US" }),
});
