import * as z from "./zod-jitless";
import { ASIN_LENGTH, ASIN_PATTERN, DEFAULT_MARKETPLACE, LOOKUP_MARKETPLACES, readMarketplaceCode } from "./marketplaces";

export const asinError = `ASIN must be ${ASIN_LENGTH} letters or digits`;
export const asinRequired = (issue: { input?: unknown }) => (issue.input === undefined ? "ASIN is required" : "ASIN must be text");

/** One definition of an ASIN input: the Worker's validator and the OpenAPI entry of every ASIN parameter. */
export const asinSchema = z
  .string({ error: asinRequired })
  .trim()
  .toUpperCase()
  // abort: an empty ASIN is reported once, as missing, not also as malformed.
  .min(1, { error: "ASIN is required", abort: true })
  .regex(ASIN_PATTERN, { error: asinError })
  // The document says what the validator takes: any case, spaces around ignored (the regex above runs after both).
  .meta({ description: "The 10-character ASIN (case and spaces ignored).", example: "B08N5WRWNW", pattern: "^\\s*[A-Za-z0-9]{10}\\s*$" });

/** A marketplace code in any case (GB for UK), required: what a path parameter takes. */
export const marketplaceCodeSchema = z
  .string()
  .overwrite(readMarketplaceCode)
  .pipe(z.enum(LOOKUP_MARKETPLACES, { error: `Marketplace must be one of ${LOOKUP_MARKETPLACES.join(", ")}` }))
  // The pipe documents as a plain string: name the codes (upper case is what the API answers with).
  .meta({ enum: [...LOOKUP_MARKETPLACES], description: `One of ${LOOKUP_MARKETPLACES.join(", ")} (any case; GB is read as UK).`, example: DEFAULT_MARKETPLACE });

export const marketplaceSchema = marketplaceCodeSchema
  .default(DEFAULT_MARKETPLACE)
  .meta({ enum: [...LOOKUP_MARKETPLACES], description: `One of ${LOOKUP_MARKETPLACES.join(", ")} (any case; GB is read as UK); default ${DEFAULT_MARKETPLACE}.`, example: DEFAULT_MARKETPLACE });
