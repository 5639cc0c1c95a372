import type { DashboardRow, DashboardSort } from "./dashboard";

/**
 * Sorting and paging of the tracked-ASIN table, the same on the server (one page of a 10,000-row
 * watchlist is sent) and in the browser (an answer with every row). No zod: pages import it.
 */

function sortValue(row: DashboardRow, key: DashboardSort): number | string | null {
  switch (key) {
    case "asin":
      return row.asin;
    case "rank":
      return row.rank;
    case "change":
      return row.rankChange7d;
    case "price":
      return row.price?.amount ?? null;
    case "units":
      return row.fulfillableUnits;
  }
}

/**
 * A sorted copy: rows without the figure last in either order; ties keep their order (marketplace,
 * then ASIN). Prices are never compared across currencies (¥4,914 is not more than $19.99): by
 * currency first, in code order whichever the direction, then by amount.
 */
export function sortDashboardRows<Row extends DashboardRow>(rows: readonly Row[], key: DashboardSort, ascending: boolean): Row[] {
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    if (key === "price" && a.price!.currency !== b.price!.currency) return a.price!.currency < b.price!.currency ? -1 : 1;
    const order = typeof x === "string" ? x.localeCompare(String(y)) : x - (y as number);
    return ascending ? order : -order;
  });
}

export const DEFAULT_DASHBOARD_PAGE_SIZE = 50;

/** One page (1-based, clamped to the pages there are) of rows already sorted. */
export function pageOfRows<Row>(rows: readonly Row[], page: number, size: number): { rows: Row[]; number: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const number = Math.min(Math.max(1, Math.floor(page)), pages);
  return { rows: rows.slice((number - 1) * size, number * size), number, pages };
}
