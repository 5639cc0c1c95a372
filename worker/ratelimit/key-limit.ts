import type { Bindings } from "../env";
import { isolateSlot } from "../shared/isolate-state";
import { takeLeased, type LeaseBook, type LeaseOptions } from "./lease-book";
import { HOUR_MS } from "../contract/time";
import type { Window, WindowDecision } from "./window";

/** Requests granted to this isolate for an account's keys, leased as lookups are (lookup-limit.ts). */
export type KeyLeaseBook = LeaseBook;
const isolateLeases = isolateSlot<KeyLeaseBook>(() => new Map());

/** All of an account's keys share one limiter, so the limit holds across keys. */
export function keyLimiterName(userId: string): string {
  return `apikey:${userId}`;
}

/** The RateLimiter counter of key requests (its storage key since before the limits shared one limiter). */
const KEY_COUNTER = "hourly";
const keyWindows = (limit: number): Window[] => [{ name: "hour", limit, length: HOUR_MS }];

function limiter(env: Pick<Bindings, "RATE_LIMITER">, userId: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(keyLimiterName(userId)));
}

/** Takes one request of the account's hourly limit: from this isolate's lease, or from its RateLimiter. */
export async function takeKeyRequest(
  env: Pick<Bindings, "RATE_LIMITER">,
  userId: string,
  limit: number,
  { leases = isolateLeases(), now = Date.now(), background }: LeaseOptions = {},
): Promise<WindowDecision> {
  return takeLeased(leases, `${userId}|${limit}`, now, () => limiter(env, userId).take(KEY_COUNTER, keyWindows(limit), "lease"), background);
}

/** The account's hourly figures without taking a request (Settings → API Access). */
export function peekKeyRequests(env: Pick<Bindings, "RATE_LIMITER">, userId: string, limit: number): Promise<WindowDecision> {
  return limiter(env, userId).take(KEY_COUNTER, keyWindows(limit), "peek");
}
