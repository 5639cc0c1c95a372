/**
 * SP-API's x-amzn-RateLimit-Limit: the requests per second the selling partner's usage plan
 * allows for the operation just called ("0.1", "2.0"). Amazon raises it for some sellers, so the
 * seller's bucket follows it instead of the documented default. Pure.
 */

/** A sane ceiling: a malformed or absurd header never unleashes a flood of calls. */
export const MAX_HEADER_RATE = 100;

/** The rate the header states, or undefined when it is absent or not a positive number. */
export function rateLimitOf(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const rate = Number.parseFloat(header.trim());
  return Number.isFinite(rate) && rate > 0 ? Math.min(rate, MAX_HEADER_RATE) : undefined;
}
