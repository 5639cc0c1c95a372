/** Time helpers of the Worker, in UTC: the one place a day's length and a day's text are defined. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of `epochMs`, as "YYYY-MM-DD". */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}
