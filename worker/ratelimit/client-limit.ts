import type { Bindings } from "../env";
import { clientKey } from "./lookup-limit";
import type { WindowDecision } from "./window";

/** A named per-client limit, e.g. 5 contact messages an hour. */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

/** The subject's RateLimiter and the counter and window of a named limit in it. */
function counterOf(env: Pick<Bindings, "RATE_LIMITER">, subject: string, name: string, { limit, windowMs }: WindowLimit) {
  return { stub: env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(subject)), counter: `window:${name}`, windows: [{ name, limit, length: windowMs }] };
}

/**
 * Counts one hit on a named counter of any subject's RateLimiter: `subject` names it
 * (`workspace:<id>`, `address:<hash>`; clients and accounts have their own below).
 */
export function hitSubjectLimit(env: Pick<Bindings, "RATE_LIMITER">, subject: string, name: string, limit: WindowLimit): Promise<WindowDecision> {
  const { stub, counter, windows } = counterOf(env, subject, name, limit);
  return stub.take(counter, windows, "one");
}

/** Takes back one hit of hitSubjectLimit whose work did not happen (a mail that was not sent). */
export async function giveBackSubjectLimit(env: Pick<Bindings, "RATE_LIMITER">, subject: string, name: string, limit: WindowLimit): Promise<void> {
  const { stub, counter, windows } = counterOf(env, subject, name, limit);
  await stub.giveBack(counter, windows, 1);
}

/** Counts one hit on the client's named counter in its RateLimiter. */
export function hitClientLimit(env: Pick<Bindings, "RATE_LIMITER">, request: Request, name: string, limit: WindowLimit): Promise<WindowDecision> {
  return hitSubjectLimit(env, clientKey(request), name, limit);
}

/** Counts one hit on a signed-in account's named counter: its own RateLimiter, whatever address it calls from. */
export function hitAccountLimit(env: Pick<Bindings, "RATE_LIMITER">, userId: string, name: string, limit: WindowLimit): Promise<WindowDecision> {
  return hitSubjectLimit(env, `user:${userId}`, name, limit);
}
