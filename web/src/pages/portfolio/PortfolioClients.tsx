import { Link } from "../../components/Link";
import type { BrandStatus, ClientsOverview, FigureSource, Money } from "@contract/dashboard";
import { formatPrice, formatRank } from "../../lib/format";
import { formatPercent, RankChangeNote, SourceLine, TableScroll } from "../dashboard/figures";

/** A brand's or a client's status in words: the portfolio's brand table and its clients table. */
export const STATUS_TEXT: Record<BrandStatus, string> = {
  "top-performer": "Top performer",
  growing: "Growing",
  "needs-attention": "Needs attention",
  steady: "Steady",
};

/** Totals per currency, side by side: never converted into one figure. */
function moneyList(totals: readonly Money[]): string {
  return totals.length ? totals.map((total) => formatPrice(total)).join(" · ") : "—";
}

/** A card's source line, over every marketplace of the block (the KPI cards' are one marketplace's); none without figures. */
const sourceOf = (source: FigureSource): FigureSource | null => (source.kind === null ? null : source);

/**
 * The aggregated portfolio across the workspace's seller accounts (or the one drilled into):
 * revenue per currency, average rank, clients by status, and a row per client with a drill-down.
 */
export function PortfolioClients({ clients, drilledInto }: { clients: ClientsOverview; drilledInto: string | null }) {
  // One seller account has nothing to aggregate: the brand table below is the whole story.
  if (clients.rows.length < 2 && !drilledInto) return null;
  const revenueSource = sourceOf(clients.revenueSource);
  const rankSource = sourceOf(clients.rankSource);
  return (
    <section className="card portfolio-clients" aria-labelledby="portfolio-clients-heading">
      <h2 id="portfolio-clients-heading">{drilledInto ? "This client" : "All clients"}</h2>
      <div className="kpi-grid">
        <div className="card kpi">
          <h3 className="kpi__title">Revenue by currency</h3>
          <p className="kpi__value">{moneyList(clients.revenueByCurrency)}</p>
          <p className="kpi__detail">Each marketplace's own currency; never converted.</p>
          {revenueSource && <SourceLine source={revenueSource} />}
        </div>
        <div className="card kpi">
          <h3 className="kpi__title">Average rank, every marketplace</h3>
          <p className="kpi__value">{formatRank(clients.averageRank)}</p>
          {rankSource && <SourceLine source={rankSource} />}
        </div>
        <div className="card kpi">
          <h3 className="kpi__title">Clients</h3>
          <p className="kpi__value">{clients.rows.length}</p>
          <p className="kpi__detail">
            {clients.topPerformers} top performing · {clients.needsAttention} needing attention, by their ranks
          </p>
          {/* The statuses come from the clients' ranks: their source and time, or that there is none yet. */}
          <SourceLine source={clients.rankSource} />
        </div>
      </div>
      <TableScroll label="Clients">
        <table className="data-table">
          <caption className="visually-hidden">Seller accounts in this portfolio</caption>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Region</th>
              <th scope="col">Products</th>
              <th scope="col">Average rank</th>
              <th scope="col">Rank change</th>
              <th scope="col">Revenue</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {clients.rows.map((row) => (
              <tr key={row.connectionId}>
                <th scope="row">
                  {drilledInto ? row.name : <Link to={`/portfolio?connection=${encodeURIComponent(row.connectionId)}`}>{row.name}</Link>}
                </th>
                <td>{row.region.toUpperCase()}</td>
                <td>{row.products}</td>
                <td>{formatRank(row.averageRank)}</td>
                <td>{formatPercent(row.rankChangePercent)}</td>
                <td>{moneyList(row.revenue)}</td>
                <td>{STATUS_TEXT[row.status]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <RankChangeNote />
      {drilledInto && (
        <p>
          <Link to="/portfolio">Back to all clients</Link>
        </p>
      )}
    </section>
  );
}
