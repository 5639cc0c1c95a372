import { Link } from "react-router-dom";
import { PAST_DUE_MESSAGE, PAYMENT_ACTION_MESSAGE, type SubscriptionResponse } from "@contract/billing";

/** Shown while Stripe retries a failed payment: the plan stays Pro until Stripe ends the subscription. */
export function PastDueBanner({ subscription }: { subscription: Pick<SubscriptionResponse, "status" | "payment_action_url"> }) {
  if (subscription.status !== "past_due") return null;
  // 3-D Secure: the card works, the bank wants the customer to approve the payment on Stripe's invoice page.
  if (subscription.payment_action_url) {
    return (
      <div className="card billing__past-due" role="alert">
        <p>
          {PAYMENT_ACTION_MESSAGE} <a href={subscription.payment_action_url}>Confirm your payment</a>
        </p>
      </div>
    );
  }
  return (
    <div className="card billing__past-due" role="alert">
      <p>
        {PAST_DUE_MESSAGE} <Link to="/billing">Manage Subscription</Link>
      </p>
    </div>
  );
}
