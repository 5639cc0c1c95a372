import type { MiddlewareHandler } from "hono";
import { isSafeMethod } from "./safe-methods";
import { executionContextOf } from "./background";

/**
 * A request that may change state runs to its end even if its client hangs up. Workers cancel a
 * request's pending I/O when the client disconnects (a closed tab, a Stripe webhook past Stripe's
 * timeout), so a handler of several steps would stop between two of them: an invitation stored
 * and holding its seat with its email never sent, a Stripe event half applied. Under the
 * request's waitUntil the runtime lets the work finish (for up to 30 s after the disconnect).
 * Reads (GET, HEAD, OPTIONS) are cancelled as before: nobody waits for their answer.
 */
export const finishStateChanges: MiddlewareHandler = async (c, next) => {
  if (isSafeMethod(c.req.method)) return next();
  const work = next();
  // Its failure is the answer's (onError): the copy kept alive only must not reject unhandled.
  executionContextOf(c)?.waitUntil(work.catch(() => {}));
  await work;
};
