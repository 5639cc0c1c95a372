import { Link } from "../../components/Link";
import type { PortfolioResponse } from "@contract/dashboard";

/** The portfolio with no marketplace to show: nothing tracked, or a client drilled into with no data of its own. */
export function PortfolioEmpty({ data, rangeText }: { data: PortfolioResponse; rangeText: string }) {
  // A drill-down keeps only the ASINs the client's seller has data on: none is not "nothing tracked".
  if (data.connection) {
    const name = data.clients?.rows.find((row) => row.connectionId === data.connection)?.name ?? "this client";
    return (
      <p className="card">
        No tracked ASINs have data from {name} in the {rangeText.toLowerCase()}: a client's products are the tracked ASINs its seller
        account has its own stock, Buy Box or sales data on, fetched in the nightly 02:00 UTC run. <Link to="/portfolio">Show all clients</Link>
      </p>
    );
  }
  return (
    <p className="card">
      No tracked ASINs yet. Add some on <Link to="/seller-central">Seller Central</Link> or <Link to="/alerts">Alerts</Link>; the portfolio builds from their snapshots.
      {data.demo && " Seller Central also offers the demo's sample products, with 90 days of history."}
    </p>
  );
}
