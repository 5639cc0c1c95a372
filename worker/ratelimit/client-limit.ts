import type { Bindings } from "../env";
import type { WindowDecision, WindowLimit } from "./fixed-window";
import { clientKey } from "./lookup-limit";

/** Counts one hit on the client's named fixed-window counter in its RateLimiter. */
export function hitClientLimit(env: Bindings, request: Request, name: string, limit: WindowLimit): Promise<WindowDecision> {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(clientKey(request))).hit(name, limit);
}

/** Counts one hit on a signed-in account's named counter: its own RateLimiter, whatever address it calls from. */
export function hitAccountLimit(env: Bindings, userId: string, name: string, limit: WindowLimit): Promise<WindowDecision> {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`user:${userId}`)).hit(name, limit);
}
