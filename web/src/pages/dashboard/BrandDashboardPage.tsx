import { useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link";
import { DashboardOverview } from "./DashboardOverview";
import { ConnectionPicker, useConnectionList, useConnectionParam } from "../../components/ConnectionPicker";

/** /dashboard signed in: one brand's tracked ASINs and figures (`?brand=`), or all of them. */
export function BrandDashboardPage() {
  const [params] = useSearchParams();
  const brand = params.get("brand")?.trim().slice(0, 200) || undefined;
  const connection = useConnectionParam();
  const connections = useConnectionList();
  return (
    <div className="container seller-page seller-page--wide">
      <h1>{brand ? `Dashboard: ${brand}` : "Dashboard"}</h1>
      <p>
        <Link to="/portfolio">Back to the portfolio</Link>
      </p>
      <ConnectionPicker connections={connections} />
      <DashboardOverview brand={brand} connection={connection} connections={connections} />
    </div>
  );
}
