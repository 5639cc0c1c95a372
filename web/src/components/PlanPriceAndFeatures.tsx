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
            <span className="plan__period">{plan.per_connection ? " / seller account / month" : " / month"}</span>
          </>
        )}
      </p>
      <ul className="plan__features">
        {cardFeatures(plan).map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </>
  );
}

/** A custom-priced plan's card already says "Custom" and has the Contact sales button: its list does not say them again. */
export function cardFeatures(plan: Pick<PlanSummary, "price_usd" | "features">): string[] {
  if (plan.price_usd !== null) return [...plan.features];
  return plan.features.filter((feature) => !/^(custom pricing|contact sales)$/i.test(feature));
}
