import type { Context, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import type * as z from "zod";
import type * as zm from "zod/mini";
import { ApiError } from "./shared/api-error";

/** One entry of a 422 body: where the bad value was, what is wrong, and the zod issue code. */
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export function validationDetails(target: string, error: z.core.$ZodError): ValidationDetail[] {
  return error.issues.map((issue) => ({
    loc: [target, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

type Target = "query" | "json" | "param";

/** The 422 body of a cursor that names no item of the list. */
export function cursorError(msg: string): { detail: ValidationDetail[] } {
  return { detail: [{ loc: ["query", "cursor"], msg, type: "custom" }] };
}

/** The same, thrown: a cursor that names no item of the list. */
export function cursorRefusal(msg: string): ApiError {
  return new ApiError(422, "validation_failed", cursorError(msg).detail);
}

/**
 * Hono validator for a zod/mini schema, for routers not yet declared with createRoute; bad input
 * answers 422 `{detail: [...]}`. Unused once every route is a createRoute (then delete it).
 * Typed with the schema's input on the client side (`hc` sends raw strings the
 * schema normalizes) and its output in the handler.
 */
export function zodValidator<T extends Target, Schema extends zm.ZodMiniType>(
  target: T,
  schema: Schema,
): MiddlewareHandler<
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any Env, as Hono's own validators
  any,
  string,
  { in: { [K in T]: zm.input<Schema> }; out: { [K in T]: zm.output<Schema> } }
> {
  const middleware = validator(target, (value, c: Context) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      return c.json({ detail: validationDetails(target, parsed.error) }, 422);
    }
    return parsed.data as zm.output<Schema>;
  });
  // Hono derives the client-side input from the output; declare the schema's input instead.
  return middleware as unknown as ReturnType<typeof zodValidator<T, Schema>>;
}
