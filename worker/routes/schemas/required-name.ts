import { notSingleLine, SINGLE_LINE } from "../../contract/single-line";
import * as z from "../../openapi/zod";

/**
 * A name people type (a key, a connection, a workspace): trimmed, required, at most `maxLength`
 * characters, one line of plain text (a workspace's name goes into invitation subjects).
 */
export function requiredName(maxLength: number, example: string) {
  return z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { error: "Name is required", abort: true })
    .max(maxLength, { error: `Name must be at most ${maxLength} characters` })
    .regex(SINGLE_LINE, { error: notSingleLine("Name") })
    .openapi({ example });
}
