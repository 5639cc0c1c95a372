import { Link } from "react-router-dom";
import { PRO_PLAN } from "../../../../worker/contract/plans";
import { formatCount } from "../../lib/format";

/** What the Pro API key offers. No key exists yet, so there is no usage to report. */
export function ApiAccessPanel() {
  return (
    <div className="settings-panel">
      <h2>API Access</h2>
      <p>
        The {PRO_PLAN.name} plan includes an API key for reading rank data from your own tools, with up to{" "}
        <strong>{formatCount(PRO_PLAN.apiRequestsPerHour)} requests per hour</strong>.
      </p>
      <p className="seller-muted">No API key has been issued for this account, so there is no usage to show.</p>
      <Link to="/pricing" className="button button--secondary">
        Compare plans
      </Link>
    </div>
  );
}
