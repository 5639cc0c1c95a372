/**
 * The lookup's request as the Worker reads it: an ASIN or a pasted Amazon URL, and the marketplace
 * it means. Apart from lookup.ts (whose field schemas the web app's forms share) so that the URL
 * reading and the marketplace choice stay out of the web app's first-load bundle.
 */
import * as z from "./zod-jitless";
import { isAsin, readPastedAsin } from "./asin-input";
import { HISTORY_RANGE_DAYS, HISTORY_RANGES, type HistoryRange } from "./history-ranges";
import { asinError, asinRequired, marketplaceCodeSchema } from "./lookup";
import { chooseMarketplace } from "./marketplace-choice";
import { ASIN_PATTERN, DEFAULT_MARKETPLACE, LOOKUP_MARKETPLACES, type Marketplace } from "./marketplaces";

/**
 * The marketplace of a request that may paste Amazon URLs (lookup, compare): left out, the URLs'
 * marketplace is used, else the default (marketplace-choice.ts).
 */
export const pastedMarketplaceSchema = marketplaceCodeSchema.optional().meta({
  enum: [...LOOKUP_MARKETPLACES],
  description: `One of ${LOOKUP_MARKETPLACES.join(", ")} (any case; GB is read as UK). Left out: the marketplace of the Amazon URL given, else ${DEFAULT_MARKETPLACE}; one that contradicts the URL is refused (422).`,
  example: DEFAULT_MARKETPLACE,
});

/**
 * The marketplace a pasted query means (chooseMarketplace), or null and a 422 issue on `marketplace` or on
 * the field holding the URLs when they disagree: the shared step of the lookup's and the compare's transforms.
 */
export function marketplaceOrIssue(
  asked: Marketplace | undefined,
  fromUrls: readonly (Marketplace | null)[],
  ctx: { issues: unknown[] },
  urlField: string,
  input: unknown,
): Marketplace | null {
  const choice = chooseMarketplace(asked, fromUrls);
  if (choice.ok) return choice.marketplace;
  ctx.issues.push({ code: "custom", message: choice.message, path: [choice.conflict === "marketplace" ? "marketplace" : urlField], input });
  return null;
}

/** The lookup's `asin`: an ASIN, or an Amazon product URL, read by contract/asin-input.ts as every form reads it. */
const pastedAsinSchema = z
  .string({ error: asinRequired })
  .trim()
  .min(1, { error: "ASIN is required", abort: true })
  .superRefine((text, ctx) => {
    if (!isAsin(readPastedAsin(text).asin)) ctx.addIssue({ code: "invalid_format", format: "regex", pattern: ASIN_PATTERN.source, message: asinError, input: text });
  })
  .meta({
    description: "The 10-character ASIN (case and spaces ignored), or an Amazon product URL (`/dp/` or `/gp/product/` on a supported marketplace's host), whose host names the marketplace.",
    example: "B08N5WRWNW",
  });

/** The days of each history range as the lookup's `history` parameter spells them: "7", "30", "90". */
const HISTORY_DAYS_TEXT = HISTORY_RANGES.map((range) => String(HISTORY_RANGE_DAYS[range]));
const historyDaysError = `history must be one of ${HISTORY_DAYS_TEXT.join(", ")} (days)`;

/** `history=30` on a lookup: the range whose days those are, answered as GET /api/v1/history would. */
export const lookupHistorySchema = z
  .enum(HISTORY_DAYS_TEXT as [string, ...string[]], { error: historyDaysError })
  .transform((days): HistoryRange => HISTORY_RANGES.find((range) => String(HISTORY_RANGE_DAYS[range]) === days) ?? "7d")
  .optional()
  .meta({
    description: `Also answer the rank history of the last ${HISTORY_DAYS_TEXT.join(", ")} days in \`history\`, under the plan rules of GET /api/v1/history (anonymous 7 days; the plan's days with a key). Free of quota: the call still costs one lookup.`,
    example: "30",
  });

/**
 * One definition of a lookup request: the Worker's validator and the OpenAPI entry of GET
 * /api/v1/lookup. Answers the ASIN read out of what was pasted and the marketplace it means.
 */
export const lookupQuerySchema = z
  .object({ asin: pastedAsinSchema, marketplace: pastedMarketplaceSchema, history: lookupHistorySchema })
  .transform((query, ctx): { asin: string; marketplace: Marketplace; history: HistoryRange | undefined } => {
    const pasted = readPastedAsin(query.asin);
    const marketplace = marketplaceOrIssue(query.marketplace, [pasted.marketplace], ctx, "asin", query);
    return marketplace === null ? z.NEVER : { asin: pasted.asin, marketplace, history: query.history };
  });

export type LookupQuery = z.output<typeof lookupQuerySchema>;
