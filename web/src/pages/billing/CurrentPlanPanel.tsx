import { navigateAway } from "../../lib/navigate-away";
import { useState } from "react";
import { MOCK_PORTAL_MESSAGE, type SubscriptionResponse } from "@contract/billing";
import { cancelDemoSubscription, openPortal } from "../../api/billing";
import { formatDay, statusText } from "./billing-format";
import "../../styles/facts.css";

interface Props {
  subscription: SubscriptionResponse;
  signedIn: boolean;
  onChanged: () => void;
  /** Called as Manage Subscription starts, so older messages on the page go. */
  onManage?: () => void;
}

const PORTAL_FAILED = "Failed to open the billing portal. Please try again.";
const CANCEL_FAILED = "Failed to switch back to Free. Please try again.";

/** The current plan: name, status, renewal or end date, and Manage Subscription when a customer exists. */
export function CurrentPlanPanel({ subscription, signedIn, onChanged, onManage }: Props) {
  const [mockPortal, setMockPortal] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canManage = signedIn && (subscription.stripe_customer_id !== null || subscription.demo);
  const end = subscription.current_period_end;

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
        {end && subscription.plan_id !== "free" && (
          <div>
            <dt>{subscription.cancel_at_period_end ? "Ends on" : "Renews on"}</dt>
            <dd>{formatDay(end)}</dd>
          </div>
        )}
      </dl>
      {subscription.mock && (
        <p className="billing__mock">Billing is in mock mode: Stripe is not configured and nothing is charged.</p>
      )}
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
          {subscription.demo && subscription.plan_id === "pro" && (
            <button type="button" className="button button--secondary" onClick={backToFree} disabled={busy}>
              Switch back to Free (demo)
            </button>
          )}
        </div>
      )}
    </section>
  );
}
