import type { Context } from "hono";
import { validator } from "hono/validator";
import type * as z from "zod/mini";

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

/** Hono validator for a zod schema; bad input answers 422 `{detail: [...]}`. */
export function zodValidator<Target extends "query" | "json" | "param", Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, (value, c: Context) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      return c.json({ detail: validationDetails(target, parsed.error) }, 422);
    }
    return parsed.data as z.output<Schema>;
  });
}
