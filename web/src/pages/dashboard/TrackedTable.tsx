import { useId, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import type { DashboardRow } from "@contract/dashboard";
import type { Marketplace } from "@contract/marketplaces";
import { formatCount, formatPrice, formatRank } from "../../lib/format";
import { RankSparkline } from "../results/RankSparkline";
import { dayWindow } from "../results/sparkline";
import { BUY_BOX_TEXT, formatSigned, TableScroll } from "./figures";
import { tablePage } from "./table-page";
import { TablePager } from "./TablePager";

type SortKey = "asin" | "rank" | "change" | "price" | "units";
const SORT_LABELS: Record<SortKey, string> = { asin: "ASIN", rank: "Rank", change: "7-day change", price: "Price", units: "FBA units" };

function sortValue(row: DashboardRow, key: SortKey): number | string | null {
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

interface TrackedTableProps {
  rows: readonly DashboardRow[];
  marketplaces: readonly Marketplace[];
  marketplace: Marketplace | "";
  onMarketplace: (marketplace: Marketplace | "") => void;
}

/**
 * The tracked ASINs, sortable by any figure, filterable by marketplace; rows without a figure
 * sort last. One page of 50 rows is rendered at a time (sorting sees every row).
 */
export function TrackedTable({ rows, marketplaces, marketplace, onMarketplace }: TrackedTableProps) {
  const id = useId();
  const [sort, setSortState] = useState<{ key: SortKey; ascending: boolean }>({ key: "rank", ascending: true });
  const [pageIndex, setPageIndex] = useState(0);
  const setSort = (next: { key: SortKey; ascending: boolean }) => {
    setSortState(next);
    setPageIndex(0);
  };
  // The sparkline spans the last 7 days ending today, as the column's heading says, however many days have a rank.
  const sparklineWindow = useMemo(() => dayWindow(7, Date.now()), []);
  const sorted = useMemo(() => {
    const copy = [...rows];
    copy.sort((a, b) => {
      const x = sortValue(a, sort.key);
      const y = sortValue(b, sort.key);
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      const order = typeof x === "string" ? x.localeCompare(String(y)) : x - (y as number);
      return sort.ascending ? order : -order;
    });
    return copy;
  }, [rows, sort]);
  // A new filter or list starts on its first page (tablePage clamps a page past the end).
  const page = tablePage(sorted, pageIndex);

  const header = (key: SortKey) => (
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
            setPageIndex(0);
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
                <td className="tracked__product">
                  {row.image ? <img src={row.image} alt="" width={40} height={40} loading="lazy" /> : <span className="tracked__noimage" aria-hidden="true" />}
                  <span>{row.title ?? "No title in the snapshot"}</span>
                </td>
                <td>
                  <Link to={`/results?asin=${row.asin}&marketplace=${row.marketplace}`}>{row.asin}</Link> ({row.marketplace})
                  {row.rankSource.kind === "mock" && <span className="badge badge--mock">Mock</span>}
                </td>
                <td>{row.rank === null ? "—" : formatRank(row.rank)}</td>
                <td>{formatSigned(row.rankChange7d)}</td>
                <td>{row.velocity.slopePerDay === null ? "—" : `${formatSigned(row.velocity.slopePerDay)}/day`}</td>
                <td>{formatPrice(row.price)}</td>
                <td>{BUY_BOX_TEXT[row.buyBox]}</td>
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
      <TablePager page={page} label="Tracked ASINs" onPage={setPageIndex} />
      {sorted.length === 0 && <p>No tracked ASINs match this filter.</p>}
    </div>
  );
}
