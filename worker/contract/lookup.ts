import * as z from "zod";
import { ASIN_LENGTH, ASIN_PATTERN, DEFAULT_MARKETPLACE, LOOKUP_MARKETPLACES } from "./marketplaces";

/** One definition of a lookup request: the Worker's validator and the OpenAPI entry of GET /api/v1/lookup. */
export const asinSchema = z
  .string({ error: (issue) => (issue.input === undefined ? "ASIN is required" : "ASIN must be text") })
  .trim()
  .toUpperCase()
  // abort: an empty ASIN is reported once, as missing, not also as malformed.
  .min(1, { error: "ASIN is required", abort: true })
  .regex(ASIN_PATTERN, { error: `ASIN must be ${ASIN_LENGTH} letters or digits` })
  .meta({ description: "The 10-character ASIN (case and spaces ignored).", example: "B08N5WRWNW" });

export const marketplaceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(LOOKUP_MARKETPLACES, { error: `Marketplace must be one of ${LOOKUP_MARKETPLACES.join(", ")}` }))
  .default(DEFAULT_MARKETPLACE)
  .meta({ description: `One of ${LOOKUP_MARKETPLACES.join(", ")}; default ${DEFAULT_MARKETPLACE}.`, example: DEFAULT_MARKETPLACE });

export const lookupQuerySchema = z.object({
  asin: asinSchema,
  marketplace: marketplaceSchema,
});

export type LookupQuery = z.infer<typeof lookupQuerySchema>;
