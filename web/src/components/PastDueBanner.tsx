import { Link } from "./Link";
import { pastDueMessage, paymentActionMessage, type SubscriptionResponse } from "@contract/billing";

/** Shown while Stripe retries a failed payment: the plan (Pro or Agency) stays until Stripe ends the subscription. */
export function PastDueBanner({ subscription }: { subscription: Pick<SubscriptionResponse, "plan_id" | "plan_name" | "status" | "payment_action_url"> }) {
  if (subscription.status !== "past_due") return null;
  // 3-D Secure: the card works, the bank wants the customer to approve the payment on Stripe's invoice page.
  if (subscription.payment_action_url) {
    return (
      <div className="card billing__past-due" role="alert">
        <p>
          {paymentActionMessage(subscription)} <a href={subscription.payment_action_url}>Confirm your payment</a>
        </p>
      </div>
    );
  }
  return (
    <div className="card billing__past-due" role="alert">
      <p>
        {pastDueMessage(subscription.plan_name)} <Link to="/billing">Manage Subscription</Link>
      </p>
    </div>
  );
}
