import type * as z from "zod";
import { ApiError } from "./shared/api-error";

/** One entry of a 422 body: where the bad value was, what is wrong, and the zod issue code. */
export interface ValidationDetail {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/**
 * `input` is what was validated: a query parameter given more than once arrives as a list, and
 * its issue then says so rather than the schema's own words for one value ("asins is required").
 */
export function validationDetails(target: string, error: z.core.$ZodError, input?: unknown): ValidationDetail[] {
  return error.issues.map((issue) => {
    const loc = [target, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))];
    const key = issue.path[0];
    const given = target === "query" && typeof key === "string" && input && typeof input === "object" ? (input as Record<string, unknown>)[key] : undefined;
    if (Array.isArray(given)) return { loc: [target, key as string], msg: `${key as string} is given ${given.length} times; give it once.`, type: "repeated" };
    return { loc, msg: issue.message, type: issue.code };
  });
}

/** The 422 of a cursor that names no item of the list. */
export function cursorRefusal(msg: string): ApiError {
  return new ApiError(422, "validation_failed", [{ loc: ["query", "cursor"], msg, type: "custom" }]);
}
