import { Link } from "../../components/Link";
import { BILLING_PATH } from "@contract/billing";
import { signInPathReturningTo } from "../../lib/next-path";
import type { PlanSummary } from "@contract/features";
import { PLANS, type PlanId } from "@contract/plans";
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
  const why = blockedReason(plan, currentPlanId);
  const whyId = `billing-plan-${plan.id}-why`;
  // The reason sits above the button, so every card's button stays on one line at the bottom.
  return (
    <>
      {why !== null && (
        <p id={whyId} className="plan__why">
          {why}
        </p>
      )}
      <button
        type="button"
        className={`${className} button--primary`}
        onClick={onUpgrade}
        disabled={busy || why !== null}
        aria-describedby={why === null ? undefined : whyId}
      >
        {busy ? "Starting checkout..." : plan.id === "agency" ? "Upgrade to Agency" : "Upgrade"}
      </button>
    </>
  );
}

/**
 * Why a paid plan cannot be bought from here, or null when it can (only from Free): an account
 * holds one paid subscription, so moving between Pro and Agency means cancelling first
 * (docs/billing.md), and Enterprise is assigned by hand.
 */
function blockedReason(plan: PlanSummary, currentPlanId: PlanId): string | null {
  if (currentPlanId === "free") return null;
  if (currentPlanId === "enterprise") return "Your Enterprise plan is set by agreement: contact sales to change it.";
  const current = PLANS.find((candidate) => candidate.id === currentPlanId)?.name ?? "your plan";
  return `To move to ${plan.name}, cancel ${current} first with Manage Subscription; choose ${plan.name} here once it has ended.`;
}
