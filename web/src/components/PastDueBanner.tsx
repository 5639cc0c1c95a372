import { Link } from "react-router-dom";
import { PAST_DUE_MESSAGE, type SubscriptionResponse } from "@contract/billing";

/** Shown while Stripe retries a failed payment: the plan stays Pro until Stripe ends the subscription. */
export function PastDueBanner({ subscription }: { subscription: Pick<SubscriptionResponse, "status"> }) {
  if (subscription.status !== "past_due") return null;
  return (
    <div className="card billing__past-due" role="alert">
      <p>
        {PAST_DUE_MESSAGE} <Link to="/billing">Manage Subscription</Link>
      </p>
    </div>
  );
}
