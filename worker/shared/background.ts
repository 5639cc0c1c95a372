import type { Context } from "hono";

/** Runs work past the answer: the request's waitUntil, without which a Worker may drop what a finished or cancelled request left running. */
export type Background = (work: Promise<unknown>) => void;

/** The request's execution context; none under `app.request()` in tests. */
export function executionContextOf(c: Context): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}

/** The request's waitUntil as a Background; without an execution context the work just runs. */
export function backgroundOf(c: Context): Background {
  return (work) => executionContextOf(c)?.waitUntil(work);
}
