import * as z from "./zod-jitless";
import { HISTORY_RANGE_DAYS, HISTORY_RANGES, type HistoryRange } from "./history-ranges";
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

export const lookupQuerySchema = z.object({
  asin: asinSchema,
  marketplace: marketplaceSchema,
  history: lookupHistorySchema,
});

export type LookupQuery = z.infer<typeof lookupQuerySchema>;
