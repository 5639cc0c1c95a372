import type * as z from "zod";
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

/** The 422 of a cursor that names no item of the list. */
export function cursorRefusal(msg: string): ApiError {
  return new ApiError(422, "validation_failed", [{ loc: ["query", "cursor"], msg, type: "custom" }]);
}
