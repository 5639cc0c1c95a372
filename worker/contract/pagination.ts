import * as z from "./zod-jitless";

/**
 * Cursor pagination of every list: `?limit=` (1–1000; without it, the whole list) and
 * `?cursor=` (the `next_cursor` of the previous page). `next_cursor` is null on the last page.
 */
export const PAGE_LIMIT_MAX = 1000;

const limitError = `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;

export const pageQueryShape = {
  cursor: z
    .string()
    .min(1, { error: "cursor must not be empty" })
    .optional()
    .meta({ description: "The `next_cursor` of the previous page." }),
  limit: z
    .string()
    .transform((text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN))
    .pipe(z.int({ error: limitError }).min(1, { error: limitError }).max(PAGE_LIMIT_MAX, { error: limitError }))
    .optional()
    // Digits on the wire, checked as a whole number: documented as the integer the validator takes.
    .meta({ type: "integer", minimum: 1, maximum: PAGE_LIMIT_MAX, description: "Items per page, 1–1000; without it, the whole list.", example: 50 }),
};
export const pageQuerySchema = z.object(pageQueryShape);
export type PageQuery = z.output<typeof pageQuerySchema>;

export interface Page {
  next_cursor: string | null;
}
