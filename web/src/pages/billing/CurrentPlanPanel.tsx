import { navigateAway } from "../../lib/navigate-away";
import { useState } from "react";
import { DEMO_STRIPE_MESSAGE, MOCK_DEMO_MESSAGE, MOCK_PORTAL_MESSAGE, paymentActionMessage, type SubscriptionResponse } from "@contract/billing";
import { cancelDemoSubscription, openPortal } from "../../api/billing";
import { formatDay, statusText } from "./billing-format";
import "../../styles/facts.css";

interface Props {
  subscription: SubscriptionResponse;
  signedIn: boolean;
  /** The signed-in account is a demo account (it never pays). */
  demoAccount?: boolean;
  onChanged: () => void;
  /** Called as Manage Subscription starts, so older messages on the page go. */
  onManage?: () => void;
}

const PORTAL_FAILED = "Failed to open the billing portal. Please try again.";
const CANCEL_FAILED = "Failed to switch back to Free. Please try again.";

/** The current plan: name, status, renewal or end date, and Manage Subscription when a customer exists. */
export function CurrentPlanPanel({ subscription, signedIn, demoAccount = false, onChanged, onManage }: Props) {
  const [mockPortal, setMockPortal] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canManage = signedIn && (subscription.stripe_customer_id !== null || subscription.demo);
  const end = subscription.current_period_end;
  // Set to cancel (cancel_at, or at the period end): the date it ends, not a renewal.
  const endsOn = subscription.ends_at ?? (subscription.cancel_at_period_end ? end : null);

  async function manage() {
    setBusy(true);
    setFailure(null);
    onManage?.();
    try {
      const { mock, url } = await openPortal();
      if (!mock && url) {
        navigateAway(url);
        return;
      }
      setMockPortal(true);
    } catch (error) {
      console.error("portal failed", error);
      setFailure(PORTAL_FAILED);
    }
    setBusy(false);
  }

  async function backToFree() {
    setBusy(true);
    setFailure(null);
    try {
      await cancelDemoSubscription();
      setMockPortal(false);
      onChanged();
    } catch (error) {
      console.error("demo cancel failed", error);
      setFailure(CANCEL_FAILED);
    }
    setBusy(false);
  }

  return (
    <section className="card billing__current" aria-labelledby="current-plan-heading">
      <h2 id="current-plan-heading">Current plan</h2>
      <dl className="facts">
        <div>
          <dt>Plan</dt>
          <dd data-testid="current-plan-name">
            {subscription.plan_name}
            {subscription.demo && <span className="badge badge--mock billing__demo"> Demo</span>}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{statusText(subscription, signedIn)}</dd>
        </div>
        {(endsOn ?? end) && subscription.plan_id !== "free" && (
          <div>
            <dt>{endsOn ? "Ends on" : "Renews on"}</dt>
            <dd>{formatDay((endsOn ?? end)!)}</dd>
          </div>
        )}
        {subscription.quantity !== undefined && (
          <div>
            <dt>Seller accounts billed</dt>
            <dd data-testid="agency-quantity">
              {subscription.quantity} × ${subscription.price_per_connection_usd} / month
            </dd>
          </div>
        )}
        {subscription.next_invoice_estimate_usd !== undefined && (
          <div>
            <dt>Next invoice (estimate)</dt>
            <dd data-testid="agency-estimate">
              ${subscription.next_invoice_estimate_usd}, plus prorations for accounts connected or removed this month
            </dd>
          </div>
        )}
      </dl>
      {/* past_due: the PastDueBanner above the panel says it already (with the same link). */}
      {subscription.payment_action_url && subscription.status !== "past_due" && (
        <p className="billing__notice" role="alert">
          {paymentActionMessage(subscription)} <a href={subscription.payment_action_url}>Confirm your payment</a>
        </p>
      )}
      {subscription.mock && (
        <p className="billing__mock">
          {demoAccount ? MOCK_DEMO_MESSAGE : "Billing is in mock mode: Stripe is not configured and nothing is charged."}
        </p>
      )}
      {!subscription.mock && demoAccount && <p className="billing__mock">{DEMO_STRIPE_MESSAGE}</p>}
      {canManage && (
        <button type="button" className="button button--secondary" onClick={manage} disabled={busy}>
          Manage Subscription
        </button>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      {mockPortal && (
        <div className="billing__notice" role="status">
          <p>{MOCK_PORTAL_MESSAGE}</p>
          {subscription.demo && subscription.plan_id !== "free" && (
            <button type="button" className="button button--secondary" onClick={backToFree} disabled={busy}>
              Switch back to Free (demo)
            </button>
          )}
        </div>
      )}
    </section>
  );
}
