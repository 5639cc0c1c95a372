import { Link } from "../../components/Link";
import type { PlanSummary } from "@contract/features";
import type { PlanId } from "@contract/plans";
import { PlanPriceAndFeatures } from "../../components/PlanPriceAndFeatures";
import { fetchPlans } from "../../api/site";
import { useResource } from "../../api/use-resource";
import "../../styles/pricing.css";

const CALLS_TO_ACTION: Record<PlanId, { to: string; label: string; primary: boolean }> = {
  free: { to: "/", label: "Check an ASIN Free", primary: false },
  pro: { to: "/billing", label: "Upgrade to Pro", primary: true },
  agency: { to: "/billing", label: "Start Agency", primary: false },
  enterprise: { to: "/contact", label: "Contact Sales", primary: false },
};

const TAGLINES: Record<PlanId, string> = {
  free: "Single-ASIN lookups with no sign-up.",
  pro: "For sellers who track and alert across every marketplace.",
  agency: "For agencies running many clients' seller accounts, with a team and reports under your name.",
  enterprise: "For large brands and agencies with terms of their own.",
};

/** /pricing: Free, Pro, Agency and Enterprise as GET /api/billing/plans states them. */
export function PricingPage() {
  const [plans, reload] = useResource(fetchPlans);

  return (
    <div className="container pricing">
      <header className="pricing__intro">
        <h1>Pricing</h1>
        <p>Start free with single-ASIN lookups. Upgrade to Pro from <Link to="/billing">Billing</Link> when you need more.</p>
      </header>

      {plans.status === "loading" && (
        <p className="pricing__state" role="status">
          Loading plans...
        </p>
      )}
      {plans.status === "error" && (
        <div className="card pricing__error" role="alert">
          <h2>We couldn&apos;t load the plans</h2>
          <p>{plans.message ?? "Please check your connection and try again."}</p>
          <button type="button" className="button button--primary" onClick={reload}>
            Try Again
          </button>
        </div>
      )}
      {plans.status === "success" && (
        <ul className="pricing__plans" aria-label="Plans">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
      )}

      <p className="pricing__note">
        Prices are in US dollars per month. Paid plans are billed monthly and can be cancelled or downgraded at any
        time. Agency is billed per connected seller account, prorated when you connect or disconnect one. Pro includes an API key: see the <Link to="/docs/api">API documentation</Link>. Questions?{" "}
        <Link to="/contact">Contact us</Link>.
      </p>
    </div>
  );
}

function PlanCard({ plan }: { plan: PlanSummary }) {
  const cta = CALLS_TO_ACTION[plan.id];
  const headingId = `plan-${plan.id}`;
  return (
    <li className={`card plan${cta.primary ? " plan--featured" : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="plan__name">
        {plan.name}
      </h2>
      <p className="plan__tagline">{TAGLINES[plan.id]}</p>
      <PlanPriceAndFeatures plan={plan} />
      <Link to={cta.to} className={`button ${cta.primary ? "button--primary" : "button--secondary"} plan__cta`}>
        {cta.label}
      </Link>
    </li>
  );
}
