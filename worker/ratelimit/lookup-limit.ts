import { DEFAULT_LOOKUP_LIMITS, type Config, type Deployment } from "../config";
import type { Bindings } from "../env";
import { isolateSlot } from "../shared/isolate-state";
import { clientAddressBucket } from "./client-address";
import { giveBackLeased, peekLeased, takeLeased, type LeaseBook, type LeaseOptions } from "./lease-book";
import { utcMinuteText } from "../contract/time";
import { MINUTE_MS, type Window, type WindowDecision } from "./window";

/** LOOKUP_LIMIT_PER_MONTH overrides the Free plan's monthly quota for one deployment, e.g. in tests. */
export { DEFAULT_LOOKUP_LIMITS };
export type { LeaseBook };

/** A per-minute burst limit and a per-calendar-month (UTC) quota. */
export interface LookupLimits {
  perMinute: number;
  perMonth: number;
}

export function lookupLimits(config: Config): LookupLimits {
  return { perMinute: config.vars.LOOKUP_LIMIT_PER_MINUTE, perMonth: config.vars.LOOKUP_LIMIT_PER_MONTH };
}

/** The network a request came from: the address Cloudflare saw (an IPv6 one as its /64). */
export function clientAddress(request: Request): string {
  return clientAddressBucket(request.headers.get("CF-Connecting-IP") ?? "unknown");
}

/**
 * Whether a caller's allowances are its network's (shared with everyone behind it), not an
 * account's own: signed out, or a demo account, which any browser makes anew (5 an hour per network).
 */
export function countedByAddress(account: { user: { isDemo: boolean } } | null): boolean {
  return !account || account.user.isDemo;
}

/** Anonymous clients are told apart by their network (clientAddress). */
export function clientKey(request: Request): string {
  return `ip:${clientAddress(request)}`;
}

/** Who a lookup is counted against, and under which limits. */
export interface LookupClient {
  key: string;
  limits: LookupLimits;
}

function resolveClient(config: Config, client: Request | LookupClient): LookupClient {
  return client instanceof Request ? { key: clientKey(client), limits: lookupLimits(config) } : client;
}

/** The lookup limit's windows; "month" and "minute" are what a refusal names (decision.exceeded). */
function lookupWindows(limits: LookupLimits): Window[] {
  return [
    { name: "month", limit: limits.perMonth, length: "month" },
    { name: "minute", limit: limits.perMinute, length: MINUTE_MS },
  ];
}
/** The RateLimiter counter of lookups (its storage key since before the limits shared one limiter). */
const LOOKUP_COUNTER = "counts";

/** Lookups granted to this isolate, per client and limits (lease-book.ts). */
const isolateLeases = isolateSlot<LeaseBook>(() => new Map());

function limiter(env: Pick<Bindings, "RATE_LIMITER">, key: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));
}

/** Takes one lookup for the client: from this isolate's lease, or from its RateLimiter. */
export async function takeLookup(
  { env, config }: Deployment,
  request: Request | LookupClient,
  { leases = isolateLeases(), now = Date.now(), background }: LeaseOptions = {},
): Promise<WindowDecision> {
  const client = resolveClient(config, request);
  const { key: clientId, limits } = client;
  return takeLeased(
    leases,
    leaseKey(client),
    now,
    () => limiter(env, clientId).take(LOOKUP_COUNTER, lookupWindows(limits), "lease"),
    background,
  );
}

const leaseKey = ({ key, limits }: LookupClient) => `${key}|${limits.perMinute}|${limits.perMonth}`;

/**
 * Gives back `amount` lookups the client paid for and did not get (Amazon failing, RankLayer's
 * budget busy): to this isolate's lease when it still holds one, else to its RateLimiter.
 */
export async function giveBackLookup(
  { env, config }: Deployment,
  request: Request | LookupClient,
  amount: number,
  { leases = isolateLeases(), now = Date.now() }: Pick<LeaseOptions, "leases" | "now"> = {},
): Promise<void> {
  if (amount <= 0) return;
  const client = resolveClient(config, request);
  if (giveBackLeased(leases, leaseKey(client), now, amount)) return;
  await limiter(env, client.key).giveBack(LOOKUP_COUNTER, lookupWindows(client.limits), amount);
}

/** The client's figures without taking a lookup. */
export async function peekLookup({ env, config }: Deployment, request: Request | LookupClient, leases: LeaseBook = isolateLeases()): Promise<WindowDecision> {
  const client = resolveClient(config, request);
  return (
    peekLeased(leases, leaseKey(client), Date.now()) ??
    limiter(env, client.key).take(LOOKUP_COUNTER, lookupWindows(client.limits), "peek")
  );
}

export function limitExceededDetail(decision: WindowDecision, limits: LookupLimits): string {
  return decision.exceeded === "month"
    ? `Monthly lookup limit reached: ${limits.perMonth} lookups per calendar month (UTC). It resets at ${utcMinuteText(decision.resetAt)}.`
    : `Too many lookups: at most ${limits.perMinute} a minute. Try again in ${decision.resetSeconds} seconds.`;
}
