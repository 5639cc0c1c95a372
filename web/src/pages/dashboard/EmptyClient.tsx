import { useLocation } from "react-router-dom";
import { Link } from "../../components/Link";
import type { ConnectionList } from "@contract/connections";
import type { Resource } from "../../api/use-resource";

/**
 * The dashboard filtered to one seller account that has no data on any tracked ASIN yet. Not the
 * workspace's onboarding: its watchlist and "You now track N" are every client's, not this one's.
 */
export function EmptyClient({ connection, connections }: { connection: string; connections: Resource<ConnectionList> }) {
  const { pathname, search } = useLocation();
  const name = connections.status === "success" ? connections.data.connections.find((row) => row.id === connection)?.name : undefined;
  const all = new URLSearchParams(search);
  all.delete("connection");
  const query = all.toString();
  return (
    <section className="card dashboard-empty" aria-labelledby="dashboard-empty-client-title">
      <h2 id="dashboard-empty-client-title">No tracked ASINs have data from {name ?? "this seller account"} yet</h2>
      <p>
        A tracked ASIN is listed under a seller account once that account has its own stock, Buy Box or sales data on it,
        fetched in the nightly 02:00 UTC run.
      </p>
      <p>
        <Link to={{ pathname, search: query ? `?${query}` : "" }}>Show all seller accounts</Link>
      </p>
    </section>
  );
}
