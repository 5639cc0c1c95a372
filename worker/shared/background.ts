import type { Context } from "hono";

/** Runs work past the answer: the request's waitUntil, without which a Worker may drop what a finished or cancelled request left running. */
export type Background = (work: Promise<unknown>) => void;

/** The request's waitUntil as a Background; without an execution context (`app.request()` in tests) the work just runs. */
export function backgroundOf(c: Context): Background {
  return (work) => {
    let ctx: ExecutionContext | undefined;
    try {
      ctx = c.executionCtx as ExecutionContext;
    } catch {
      return;
    }
    ctx.waitUntil(work);
  };
}
