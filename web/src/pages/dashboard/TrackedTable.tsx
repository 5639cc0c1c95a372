import { useId, useMemo } from "react";
import { Link } from "../../components/Link";
import type { DashboardPage, DashboardRow, DashboardSort } from "@contract/dashboard";
import { sortDashboardRows } from "@contract/dashboard-rows";
import type { Marketplace } from "@contract/marketplaces";
import { utcDay } from "@contract/time";
import { formatCount, formatPrice, formatRank } from "../../lib/format";
import { RankSparkline } from "../results/RankSparkline";
import { dayWindow } from "../results/sparkline";
import { BUY_BOX_TEXT, formatSigned, RankChangeNote, SUPPRESSED_NOTE, TableScroll } from "./figures";
import { tablePage, type TablePage } from "./table-page";
import { TablePager } from "./TablePager";

const SORT_LABELS: Record<DashboardSort, string> = { asin: "ASIN", rank: "Rank", change: "7-day change", price: "Price", units: "FBA units" };

export interface TableSort {
  key: DashboardSort;
  ascending: boolean;
}

interface TrackedTableProps {
  rows: readonly DashboardRow[];
  /** The server's page of the sorted rows; without it `rows` is every row, sorted and paged here. */
  serverPage?: DashboardPage | undefined;
  marketplaces: readonly Marketplace[];
  marketplace: Marketplace | "";
  onMarketplace: (marketplace: Marketplace | "") => void;
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  /** 0-based. */
  pageIndex: number;
  onPage: (pageIndex: number) => void;
}

/**
 * The Buy Box cell: one holder when the Prime and the non-Prime Buy Box agree (or only the shown
 * one is known), else each with its holder, so a seller holding only the non-Prime one sees it.
 * "Suppressed" says what it means under it, in the cell: a hover note never shows on a phone.
 */
function BuyBoxCell({ row }: { row: DashboardRow }) {
  const { prime, nonPrime } = row.buyBoxes;
  const suppressed = row.buyBox === "suppressed" || prime === "suppressed" || nonPrime === "suppressed";
  return (
    <td>
      {prime === nonPrime ? (
        BUY_BOX_TEXT[row.buyBox]
      ) : (
        <>
          <span className="tracked__buybox-segment">Prime: {BUY_BOX_TEXT[prime]}</span>
          <span className="tracked__buybox-segment">Non-Prime: {BUY_BOX_TEXT[nonPrime]}</span>
        </>
      )}
      {suppressed && <span className="seller-muted tracked__cell-note tracked__buybox-note">{SUPPRESSED_NOTE}</span>}
    </td>
  );
}

/** The 7-day rank change, and the day it is measured from when that is later than 7 days ago. */
function RankChangeCell({ row, firstDay }: { row: DashboardRow; firstDay: string }) {
  const since = changeSince(row, firstDay);
  return (
    <td>
      {formatSigned(row.rankChange7d)}
      {/* Measured from a later day than 7 days ago (tracked since, or days missed): said, never passed off as 7 days. */}
      {since && <span className="seller-muted tracked__cell-note">since {since}</span>}
    </td>
  );
}

/** The pager's figures for a page the server cut. */
function fromServer<Row>(rows: Row[], page: DashboardPage): TablePage<Row> {
  const start = (page.number - 1) * page.size;
  return { rows, page: page.number - 1, pages: page.pages, first: rows.length ? start + 1 : 0, last: start + rows.length, total: page.total };
}

/**
 * The tracked ASINs, sortable by any figure, filterable by marketplace; rows without a figure
 * sort last. One page of 50 rows is rendered at a time: the server sends only that page of the
 * sorted rows (sort and page are its query), or, from an answer with every row, it is cut here.
 */
export function TrackedTable({ rows, serverPage, marketplaces, marketplace, onMarketplace, sort, onSort, pageIndex, onPage }: TrackedTableProps) {
  const id = useId();
  const setSort = (next: TableSort) => {
    onSort(next);
    onPage(0);
  };
  // The sparkline spans the last 7 days ending today, as the column's heading says, however many days have a rank.
  const sparklineWindow = useMemo(() => dayWindow(7, Date.now()), []);
  const firstDay = utcDay(sparklineWindow.fromMs);
  const sorted = useMemo(() => (serverPage ? [...rows] : sortDashboardRows(rows, sort.key, sort.ascending)), [rows, sort, serverPage]);
  // A new filter or list starts on its first page (tablePage clamps a page past the end).
  const page = serverPage ? fromServer(sorted, serverPage) : tablePage(sorted, pageIndex);

  const header = (key: DashboardSort) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.ascending ? "ascending" : "descending") : "none"}>
      <button type="button" className="sort-button" onClick={() => setSort({ key, ascending: sort.key === key ? !sort.ascending : true })}>
        {SORT_LABELS[key]}
      </button>
    </th>
  );

  return (
    <div className="card tracked">
      <div className="field tracked__filter">
        <label htmlFor={`${id}-marketplace`}>Filter by marketplace</label>
        <select id={`${id}-marketplace`} value={marketplace} onChange={(event) => {
            onPage(0);
            onMarketplace(event.target.value as Marketplace | "");
          }}>
          <option value="">All marketplaces</option>
          {marketplaces.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <TableScroll label="Tracked ASINs table">
        <table className="data-table">
          <caption className="visually-hidden">Tracked ASINs from the latest snapshots</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              {header("asin")}
              {header("rank")}
              {header("change")}
              <th scope="col">Velocity</th>
              {header("price")}
              <th scope="col">Buy Box</th>
              {header("units")}
              <th scope="col">7 days</th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={`${row.marketplace}-${row.asin}`}>
                <td>
                  <div className="tracked__product">
                    {row.image ? <img src={row.image} alt="" width={40} height={40} loading="lazy" /> : <span className="tracked__noimage" aria-hidden="true" />}
                    <ProductName row={row} />
                  </div>
                </td>
                <td>
                  <Link to={`/results?asin=${row.asin}&marketplace=${row.marketplace}`}>{row.asin}</Link> ({row.marketplace})
                  {row.rankSource.kind === "mock" && <span className="badge badge--mock">Mock</span>}
                </td>
                <td>{row.rank === null ? "—" : formatRank(row.rank)}</td>
                <RankChangeCell row={row} firstDay={firstDay} />
                <td>{row.velocity.slopePerDay === null ? "—" : `${formatSigned(row.velocity.slopePerDay)}/day`}</td>
                <td>
                  {formatPrice(row.price)}
                  {/* No Buy Box winner: the lowest offer's price, said to be that (never the price shoppers see in the Buy Box). */}
                  {row.price && row.priceSource === "lowest_offer" && <span className="seller-muted tracked__price-note">Lowest offer (no Buy Box winner)</span>}
                </td>
                <BuyBoxCell row={row} />
                <td>{formatCount(row.fulfillableUnits)}</td>
                <td>
                  {row.sparkline.some((point) => point.rank !== null) ? (
                    <RankSparkline
                      days={row.sparkline.flatMap((point) => (point.rank === null ? [] : [{ day: point.day, rank: point.rank, source: row.rankSource.kind === "mock" ? "mock" : "live" }]))}
                      rangeLabel="7 days"
                      window={sparklineWindow}
                    />
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {page.total > 0 && <RankChangeNote />}
      <TablePager page={page} label="Tracked ASINs" onPage={onPage} />
      {page.total === 0 && <p>No tracked ASINs match this filter.</p>}
    </div>
  );
}

/** The title; without one, whether a snapshot exists at all (a newly tracked ASIN has none until the next run). */
function ProductName({ row }: { row: DashboardRow }) {
  if (row.title !== null) return <span>{row.title}</span>;
  if (row.rankSource.kind !== null || row.sellerSource.kind !== null) return <span>No title in the snapshot</span>;
  return (
    <span>
      No snapshot yet <span className="seller-muted tracked__cell-note">First data after the next nightly run (02:00 UTC) or a Refresh now.</span>
    </span>
  );
}

/** The day a row's 7-day change is measured from (its first ranked day in the week) when that is later than the week's first day; null otherwise. */
export function changeSince(row: Pick<DashboardRow, "rankChange7d" | "sparkline">, firstDay: string): string | null {
  if (row.rankChange7d === null) return null;
  const since = row.sparkline.find((point) => point.rank !== null)?.day;
  return since !== undefined && since > firstDay ? since : null;
}
