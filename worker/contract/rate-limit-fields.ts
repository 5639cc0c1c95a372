/**
 * The rate-limit fields of every limited answer, in the IETF draft's current form
 * (draft-ietf-httpapi-ratelimit-headers, since its -07): `RateLimit-Policy` states a limit,
 * `RateLimit` what is left of it. One policy per limit, named by its window; an answer under
 * two limits (a key's hour and an export's day) lists both, each field a list. The draft's
 * older trio (RateLimit-Limit, -Remaining, -Reset) said the same a third time on every answer,
 * so RankLayer no longer sends it (docs/adr/0017-one-rate-limit-format.md).
 */

/** A limit's window, as the limiter names it; a policy carries the window's name. */
export type LimitWindow = "minute" | "hour" | "day" | "month";

/** Fixed windows in seconds (the draft's `w`); a calendar month has none (its `t` says when it ends). */
const WINDOW_SECONDS: Partial<Record<string, number>> = { minute: 60, hour: 3_600, day: 86_400 };

/** One limit's figures: the quota of its window, what is left, seconds until the window resets. */
export interface RateLimitFigures {
  limit: number;
  remaining: number;
  resetSeconds: number;
}

export interface RateLimitFields {
  "RateLimit-Policy": string;
  RateLimit: string;
}

/** The two fields of one limit's figures (a limiter's decision), e.g. `"hour";q=1000;w=3600` and `"hour";r=998;t=1800`. */
export function rateLimitFields({ window, limit, remaining, resetSeconds }: RateLimitFigures & { window: string }): RateLimitFields {
  const seconds = WINDOW_SECONDS[window];
  return {
    "RateLimit-Policy": `"${window}";q=${limit}${seconds ? `;w=${seconds}` : ""}`,
    RateLimit: `"${window}";r=${remaining};t=${resetSeconds}`,
  };
}

/** Each `"name";k=v;…` item of a field value (the draft's structured-field List), by name. */
function items(value: string | null): Map<string, Record<string, number>> {
  const found = new Map<string, Record<string, number>>();
  for (const item of (value ?? "").split(",")) {
    const [name, ...params] = item.trim().split(";");
    const policy = /^"([^"]*)"$/.exec(name ?? "")?.[1];
    if (policy === undefined) continue;
    const figures: Record<string, number> = {};
    for (const param of params) {
      const [key, raw] = param.split("=");
      if (key && raw !== undefined && /^\d+$/.test(raw.trim())) figures[key.trim()] = Number(raw.trim());
    }
    found.set(policy, figures);
  }
  return found;
}

/**
 * The figures of one limit of an answer: the policy named `window`, else the first one listed
 * (the route's own limit, listed before a key's). Null when the answer states none.
 */
export function readRateLimit(headers: { get(name: string): string | null }, window?: LimitWindow): (RateLimitFigures & { window: string }) | null {
  const left = items(headers.get("RateLimit"));
  const policies = items(headers.get("RateLimit-Policy"));
  const name = window ?? left.keys().next().value;
  const now = name === undefined ? undefined : left.get(name);
  const quota = name === undefined ? undefined : policies.get(name)?.q;
  if (name === undefined || now?.r === undefined || now.t === undefined || quota === undefined) return null;
  return { window: name, limit: quota, remaining: now.r, resetSeconds: now.t };
}
