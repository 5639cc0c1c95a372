import * as z from "zod/mini";

/**
 * Cursor pagination of every list: `?limit=` (1–1000; without it, the whole list) and
 * `?cursor=` (the `next_cursor` of the previous page). `next_cursor` is null on the last page.
 */
export const PAGE_LIMIT_MAX = 1000;

export const pageQueryShape = {
  cursor: z.optional(z.string().check(z.minLength(1, { error: "cursor must not be empty" }))),
  limit: z.optional(
    z.pipe(
      z.string(),
      z.pipe(
        z.transform((text: string) => (/^\d+$/.test(text) ? Number(text) : Number.NaN)),
        z.int({ error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` }).check(
          z.minimum(1, { error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` }),
          z.maximum(PAGE_LIMIT_MAX, { error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}` }),
        ),
      ),
    ),
  ),
};
export const pageQuerySchema = z.object(pageQueryShape);
export type PageQuery = z.output<typeof pageQuerySchema>;

export interface Page {
  next_cursor: string | null;
}
