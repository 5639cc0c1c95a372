import { Link } from "react-router-dom";
import { BILLING_PATH } from "@contract/billing";
import { signInPathReturningTo } from "../../lib/next-path";
import type { PlanSummary } from "@contract/features";
import type { PlanId } from "@contract/plans";
import { PlanPriceAndFeatures } from "../../components/PlanPriceAndFeatures";

interface Props {
  plan: PlanSummary;
  currentPlanId: PlanId;
  signedIn: boolean;
  busy: boolean;
  onUpgrade: () => void;
}

/** One plan with its button: Current Plan and Free Forever are disabled, Pro and Agency upgrade, Enterprise goes to sales. */
export function BillingPlanCard({ plan, currentPlanId, signedIn, busy, onUpgrade }: Props) {
  const headingId = `billing-plan-${plan.id}`;
  const current = plan.id === currentPlanId;
  return (
    <li className={`card plan${plan.id === "pro" ? " plan--featured" : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="plan__name">
        {plan.name}
      </h2>
      <PlanPriceAndFeatures plan={plan} />
      <PlanButton plan={plan} current={current} currentPlanId={currentPlanId} signedIn={signedIn} busy={busy} onUpgrade={onUpgrade} />
    </li>
  );
}

function PlanButton({ plan, current, currentPlanId, signedIn, busy, onUpgrade }: Omit<Props, "plan"> & { plan: PlanSummary; current: boolean }) {
  const className = "button plan__cta";
  if (current) {
    return (
      <button type="button" className={`${className} button--secondary`} disabled>
        Current Plan
      </button>
    );
  }
  if (plan.id === "free") {
    return (
      <button type="button" className={`${className} button--secondary`} disabled>
        Free Forever
      </button>
    );
  }
  if (plan.id === "enterprise") {
    return (
      <Link to="/contact" className={`${className} button--secondary`}>
        Contact sales
      </Link>
    );
  }
  if (!signedIn) {
    return (
      <Link to={signInPathReturningTo(BILLING_PATH)} className={`${className} button--primary`}>
        {plan.id === "agency" ? "Sign in to choose Agency" : "Sign in to upgrade"}
      </Link>
    );
  }
  return (
    <button type="button" className={`${className} button--primary`} onClick={onUpgrade} disabled={busy || currentPlanId !== "free"}>
      {busy ? "Starting checkout..." : plan.id === "agency" ? "Upgrade to Agency" : "Upgrade"}
    </button>
  );
}
