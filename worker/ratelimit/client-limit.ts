import type { Bindings } from "../env";
import { clientKey } from "./lookup-limit";
import type { WindowDecision } from "./window";

/** A named per-client limit, e.g. 5 contact messages an hour. */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

function hit(env: Pick<Bindings, "RATE_LIMITER">, limiterName: string, name: string, { limit, windowMs }: WindowLimit): Promise<WindowDecision> {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(limiterName));
  return stub.take(`window:${name}`, [{ name, limit, length: windowMs }], "one");
}

/**
 * Counts one hit on a named counter of any other subject's RateLimiter: `subject` names it
 * (`workspace:<id>`, `address:<hash>`), apart from clients' and accounts' own.
 */
export function hitSubjectLimit(env: Pick<Bindings, "RATE_LIMITER">, subject: string, name: string, limit: WindowLimit): Promise<WindowDecision> {
  return hit(env, subject, name, limit);
}

/** Takes back one hit of hitSubjectLimit whose work did not happen (a mail that was not sent). */
export async function giveBackSubjectLimit(env: Pick<Bindings, "RATE_LIMITER">, subject: string, name: string, { limit, windowMs }: WindowLimit): Promise<void> {
  const stub = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(subject));
  await stub.giveBack(`window:${name}`, [{ name, limit, length: windowMs }], 1);
}

/** Counts one hit on the client's named counter in its RateLimiter. */
export function hitClientLimit(env: Pick<Bindings, "RATE_LIMITER">, request: Request, name: string, limit: WindowLimit): Promise<WindowDecision> {
  return hit(env, clientKey(request), name, limit);
}

/** Counts one hit on a signed-in account's named counter: its own RateLimiter, whatever address it calls from. */
export function hitAccountLimit(env: Pick<Bindings, "RATE_LIMITER">, userId: string, name: string, limit: WindowLimit): Promise<WindowDecision> {
  return hit(env, `user:${userId}`, name, limit);
}
