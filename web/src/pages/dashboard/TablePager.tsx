import { formatCount } from "../../lib/format";
import type { TablePage } from "./table-page";

/** Previous/next under a paged table, with where the page sits: hidden when everything fits on one page. */
export function TablePager({ page, label, onPage }: { page: TablePage<unknown>; label: string; onPage: (page: number) => void }) {
  if (page.pages <= 1) return null;
  return (
    <nav className="table-pager" aria-label={`${label} pages`}>
      <button type="button" className="button button--secondary" disabled={page.page === 0} onClick={() => onPage(page.page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        {formatCount(page.first)}–{formatCount(page.last)} of {formatCount(page.total)}
      </span>
      <button type="button" className="button button--secondary" disabled={page.page >= page.pages - 1} onClick={() => onPage(page.page + 1)}>
        Next
      </button>
    </nav>
  );
}
