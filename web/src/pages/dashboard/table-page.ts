/**
 * Pages of a long table: the browser renders one page of rows, never all of a 10,000-ASIN
 * watchlist at once (sorting and filtering still see every row).
 */
export const TABLE_PAGE_SIZE = 50;

export interface TablePage<Row> {
  rows: Row[];
  /** The page shown, clamped to the pages there are (0-based). */
  page: number;
  pages: number;
  /** 1-based positions of the first and last row shown; 0 and 0 for an empty table. */
  first: number;
  last: number;
  total: number;
}

export function tablePage<Row>(rows: readonly Row[], page: number, size = TABLE_PAGE_SIZE): TablePage<Row> {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(Math.max(0, Math.floor(page)), pages - 1);
  const start = shown * size;
  const slice = rows.slice(start, start + size);
  return { rows: slice, page: shown, pages, first: slice.length ? start + 1 : 0, last: start + slice.length, total: rows.length };
}
