import { Link } from "../../components/Link";
import type { UserStatus } from "@contract/account";
import { AddWayInNotice } from "../../components/AddWayInNotice";
import { MarketplaceBrandFacts } from "../../components/MarketplaceBrandFacts";
import { RequireSignIn } from "../../components/RequireSignIn";
import { CatalogFetch } from "./CatalogFetch";
import { ConnectionPicker, useConnectionList, useConnectionParam } from "../../components/ConnectionPicker";
import { useWorkspaces } from "../../state/workspaces";
import { DashboardOverview } from "../dashboard/DashboardOverview";
import "../../styles/seller.css";

/** /seller-central: the Pro dashboard of a signed-in seller (or the demo account). */
export function SellerCentralPage() {
  return (
    <RequireSignIn title="Seller Central" reason="Connect your Amazon seller account (or try the demo) to use the Pro dashboard.">
      {(user) => <SellerDashboard user={user} />}
    </RequireSignIn>
  );
}

function SellerDashboard({ user }: { user: UserStatus }) {
  const connection = useConnectionParam();
  const connections = useConnectionList();
  return (
    <div className="container seller-page seller-page--wide">
      <div className="card seller-header">
        <div>
          <h1>Seller Central</h1>
          <dl className="seller-header__facts">
            <MarketplaceBrandFacts user={user} marketplaceTerm="Marketplace" />
          </dl>
        </div>
        <ConnectionBadge user={user} />
      </div>
      <AddWayInNotice user={user} />
      {!user.connected && <DemoDataWarning demo={user.demo} />}
      {/* Above what it filters: the dashboard and the catalog fetch. */}
      <ConnectionPicker connections={connections} />
      {(user.connected || user.demo) && <DashboardOverview connection={connection} connections={connections} />}
      <CatalogFetch defaultMarketplace={user.marketplace} />
    </div>
  );
}

/** Only a real, stored seller connection is "Connected"; the demo account says what it is. */
function ConnectionBadge({ user }: { user: UserStatus }) {
  if (user.connected) return <span className="badge badge--live">Connected</span>;
  return <span className="badge badge--mock">{user.demo ? "Demo account" : "Not connected"}</span>;
}

function DemoDataWarning({ demo }: { demo: boolean }) {
  // Connecting is for owners and admins (the `connections` permission).
  const canConnect = !useWorkspaces().lacks("connections");
  return (
    <div className="seller-warning">
      <p>
        <strong>Demo data.</strong>{" "}
        {demo
          ? "You're signed in to the demo account, so catalog data comes from a mock seller API, not from Amazon."
          : "No Amazon seller account is connected, so there is no live data from Amazon."}{" "}
        {canConnect ? "Connect your seller account to see your own data." : "An owner or admin of the workspace can connect its seller account."}
      </p>
      {canConnect && (
        <Link to="/connect" className="button button--primary">
          Connect Now
        </Link>
      )}
    </div>
  );
}
