import type { PlanSummary } from "@contract/features";

/** A plan card's price ("Custom" when agreed with sales) and feature list: /pricing and /billing show the same. */
export function PlanPriceAndFeatures({ plan }: { plan: PlanSummary }) {
  return (
    <>
      <p className="plan__price">
        {plan.price_usd === null ? (
          <span className="plan__amount">Custom</span>
        ) : (
          <>
            <span className="plan__amount">${plan.price_usd}</span>
            <span className="plan__period"> / month</span>
          </>
        )}
      </p>
      <ul className="plan__features">
        {plan.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </>
  );
}
