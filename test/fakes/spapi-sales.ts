/**
 * The fake SP-API's Sales v1 getOrderMetrics, as strict as Amazon about time zones: with a
 * granularity above Hour, granularityTimeZone is required, must be an IANA zone, and must
 * match the interval's offsets ("if the interval value uses Z notation, then
 * granularityTimeZone must be UTC; if it uses an offset, an IANA-compatible time zone that
 * matches the offset", the Sales model). Day intervals are answered in that zone's offsets,
 * as the model's example writes them ("2018-05-01T00:00-07:00--2018-05-02T00:00-07:00").
 */

export interface SalesScript {
  /** error500 / error503: Amazon's InternalFailure and ServiceUnavailable (the model's 500 and 503). */
  behavior: "normal" | "forbidden" | "throttled" | "error500" | "error503";
  /** How many calls a failing behavior answers; after them the ASIN answers normally (absent: every call). */
  times?: number;
  amount?: number;
  units?: number;
  /** Local days Amazon leaves out of its answer (not answered: missing, not zero). */
  omitDays?: string[];
  retryAfterSeconds?: number;
}

const GRANULARITIES = new Set(["Hour", "Day", "Week", "Month", "Year", "Total"]);
/** ISO 8601 with an offset or Z, e.g. 2026-11-23T00:00:00Z or 2018-09-01T00:00-07:00. */
const ISO_TIME = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?(Z|[+-]\d{2}:\d{2})`;
const INTERVAL = new RegExp(`^(${ISO_TIME})--(${ISO_TIME})$`);

export type SalesAnswer = { status: 200; payload: unknown[] } | { status: number; code: string; message: string; headers?: Record<string, string> };

/** "+HH:MM" (or "Z" for UTC) of `zone` at `epochMs`, read from Intl's longOffset name ("GMT-08:00"). */
export function offsetText(zone: string, epochMs: number): string {
  if (zone === "UTC") return "Z";
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(new Date(epochMs)).find((part) => part.type === "timeZoneName")!.value;
  return name === "GMT" ? "+00:00" : name.slice(3);
}

function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's calendar day at `epochMs`. */
function dayIn(zone: string, epochMs: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(epochMs));
}

/** One Day entry of the Sales model's example, the shape every answered day is copied from. */
export interface OrderMetricsExample {
  unitCount: number;
  totalSales: { amount: string; currencyCode: string };
}

/**
 * No imports (the Worker tests run it too): the model's example comes from the caller, and so does
 * the marketplace's currency, which Amazon answers every figure in (the example's USD is the US one's).
 */
export function orderMetricsAnswer(query: URLSearchParams, script: SalesScript, example: OrderMetricsExample, currencyCode = example.totalSales.currencyCode): SalesAnswer {
  const bad = (message: string): SalesAnswer => ({ status: 400, code: "InvalidInput", message });
  const interval = INTERVAL.exec(query.get("interval") ?? "");
  if (!interval || Date.parse(interval[1]!) >= Date.parse(interval[3]!)) return bad("interval must be <start>--<end> in ISO 8601, start before end");
  const granularity = query.get("granularity") ?? "";
  if (!GRANULARITIES.has(granularity)) return bad("granularity is required");
  const zone = query.get("granularityTimeZone");
  if (!["Hour", "Total"].includes(granularity)) {
    if (!zone) return bad("granularityTimeZone is required for granularity above Hour");
    if (!isZone(zone)) return bad(`Invalid granularityTimeZone ${zone}`);
    const [start, end] = [interval[1]!, interval[3]!];
    const expected = [offsetText(zone, Date.parse(start)), offsetText(zone, Date.parse(end))];
    const written = [interval[2]!, interval[4]!];
    if (written[0] !== expected[0] || written[1] !== expected[1]) {
      return bad(`The granularityTimeZone ${zone} does not match the offset of the interval ${query.get("interval")}`);
    }
  }
  if (query.has("asin") && query.has("sku")) return bad("asin and sku cannot both be given");
  const asin = query.get("asin") ?? "";
  if (asin && !/^[A-Z0-9]{10}$/.test(asin)) return bad("Invalid asin");
  if (script.behavior === "forbidden") return { status: 403, code: "Unauthorized", message: "Access to requested resource is denied." };
  const retryAfter: Record<string, string> = script.retryAfterSeconds ? { "Retry-After": String(script.retryAfterSeconds) } : {};
  if (script.behavior === "throttled") return { status: 429, code: "QuotaExceeded", message: "You exceeded your quota for the requested resource.", headers: retryAfter };
  if (script.behavior === "error500") return { status: 500, code: "InternalFailure", message: "We encountered an internal error. Please try again." };
  if (script.behavior === "error503") return { status: 503, code: "ServiceUnavailable", message: "Service temporarily unavailable.", headers: retryAfter };
  if (granularity !== "Day") return bad("this fake answers granularity Day only");
  const payload = [];
  const endMs = Date.parse(interval[3]!);
  // Day by day from the start; the next local midnight is found by the day's own length (23, 24 or 25 h).
  for (let at = Date.parse(interval[1]!); at < endMs; ) {
    const day = dayIn(zone!, at);
    // The next local midnight: 23, 24 or 25 hours on (a daylight saving change makes the day shorter or longer).
    const next = [23, 24, 25].map((hours) => at + hours * 3600_000).find((ms) => dayIn(zone!, ms) !== day && dayIn(zone!, ms - 3600_000) === day)!;
    const stamp = (ms: number) => `${dayIn(zone!, ms)}T00:00${offsetText(zone!, ms)}`;
    if (!script.omitDays?.includes(day)) {
      const units = script.units ?? example.unitCount;
      const amount = script.amount ?? Number(example.totalSales.amount) * units;
      const price = { amount: units ? String(amount / units) : "0", currencyCode };
      payload.push({ ...example, interval: `${stamp(at)}--${stamp(next)}`, unitCount: units, orderItemCount: units, orderCount: units, averageUnitPrice: price, totalSales: { amount: String(amount), currencyCode } });
    }
    at = next;
  }
  return { status: 200, payload };
}
