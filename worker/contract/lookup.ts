import * as z from "zod/mini";
import { ASIN_LENGTH, ASIN_PATTERN, DEFAULT_MARKETPLACE, LOOKUP_MARKETPLACES } from "./marketplaces";

/**
 * One definition of a lookup request, used by the Worker's validator and by the
 * home-page form. zod/mini keeps it small enough for the first-load bundle.
 */
export const asinSchema = z.string({
  error: (issue) => (issue.input === undefined ? "ASIN is required" : "ASIN must be text"),
}).check(
  z.trim(),
  z.toUpperCase(),
  // abort: an empty ASIN is reported once, as missing, not also as malformed.
  z.minLength(1, { error: "ASIN is required", abort: true }),
  z.regex(ASIN_PATTERN, { error: `ASIN must be ${ASIN_LENGTH} letters or digits` }),
);

export const marketplaceSchema = z._default(
  z.pipe(
    z.string().check(z.trim(), z.toUpperCase()),
    z.enum(LOOKUP_MARKETPLACES, {
      error: `Marketplace must be one of ${LOOKUP_MARKETPLACES.join(", ")}`,
    }),
  ),
  DEFAULT_MARKETPLACE,
);

export const lookupQuerySchema = z.object({
  asin: asinSchema,
  marketplace: marketplaceSchema,
});

export type LookupQuery = z.infer<typeof lookupQuerySchema>;
