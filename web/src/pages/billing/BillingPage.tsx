import { ApiError } from "../../api/api-error";
import { navigateAway } from "../../lib/navigate-away";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { MOCK_CHECKOUT_MESSAGE, MOCK_CHECKOUT_NOT_DEMO } from "@contract/billing";
import { fetchSubscription, startCheckout } from "../../api/billing";
import { fetchPlans } from "../../api/site";
import { useResource } from "../../api/use-resource";
import { LoadFailed } from "../../components/LoadFailed";
import { PastDueBanner } from "../../components/PastDueBanner";
import { useSession } from "../../state/session";
import { useWorkspaces } from "../../state/workspaces";
import { BillingPlanCard } from "./BillingPlanCard";
import { CurrentPlanPanel } from "./CurrentPlanPanel";
import "../../styles/pricing.css";
import "../../styles/billing.css";

const CHECKOUT_FAILED = "Failed to start checkout. Please try again.";
const SUBSCRIPTION_FAILED = "We couldn't read your current plan, so we are not showing one. Nothing has changed on your account.";
const CONFIRM_CHECKS = 5;
const CONFIRM_EVERY_MS = 2_000;

/** /billing: the plans, the user's current plan, and the ways to upgrade or manage it. */
export function BillingPage() {
  const { user } = useSession();
  const signedIn = Boolean(user?.authenticated);
  const workspaces = useWorkspaces();
  // Billing belongs to the workspace's owners: other roles see the plan, with no way to change it.
  const readOnly = signedIn && workspaces.lacks("billing");
  const [plans, reloadPlans] = useResource(fetchPlans);
  const [params] = useSearchParams();
  // Back from Checkout: the server reads Stripe for this session, so Pro shows before any webhook.
  const sessionId = params.get("session_id");
  const [subscription, reloadSubscription] = useResource(useCallback((signal: AbortSignal) => fetchSubscription(signal, sessionId), [sessionId]));
  const [message, setMessage] = useState<{ kind: "status" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const returned = sessionId !== null || params.get("checkout") === "success";
  const confirming = returned && subscription.status === "success" && subscription.data.plan_id === "free";
  const [checks, setChecks] = useState(0);
  useEffect(() => {
    // Still Free right after paying: ask again a few times while Stripe confirms the payment.
    if (!confirming || checks >= CONFIRM_CHECKS) return;
    const timer = setTimeout(() => {
      setChecks((n) => n + 1);
      reloadSubscription();
    }, CONFIRM_EVERY_MS);
    return () => clearTimeout(timer);
  }, [confirming, checks, reloadSubscription]);

  const upgrade = useCallback(async (planId: "pro" | "agency") => {
    setBusy(true);
    setMessage(null);
    try {
      const { mock, url } = await startCheckout(planId);
      if (mock || !url) {
        setMessage({ kind: "status", text: user?.demo ? MOCK_CHECKOUT_MESSAGE : `${MOCK_CHECKOUT_MESSAGE} ${MOCK_CHECKOUT_NOT_DEMO}` });
        reloadSubscription();
      } else {
        navigateAway(url);
        return;
      }
    } catch (error) {
      console.error("checkout failed", error);
      // A refusal that says why (a demo account with Stripe on, already on Pro) is shown as the server words it.
      const refusal = error instanceof ApiError && (error.status === 403 || error.status === 409) && typeof error.detail === "string";
      setMessage({ kind: "error", text: refusal ? (error.detail as string) : CHECKOUT_FAILED });
    }
    setBusy(false);
  }, [reloadSubscription, user]);

  const loading = plans.status === "loading" || subscription.status === "loading";
  const current = subscription.status === "success" ? subscription.data : null;
  // A plan that could not be read is never guessed as Free: no cards, so no Upgrade to pay twice.
  const unknownPlan = subscription.status === "error";
  // The checkout's message belongs to that checkout: a later change of plan or portal visit clears it.
  const planChanged = useCallback(() => {
    setMessage(null);
    reloadSubscription();
  }, [reloadSubscription]);

  return (
    <div className="container pricing billing">
      <header className="pricing__intro">
        <h1>Billing</h1>
        <p>Your plan, its limits, and the way to change it.</p>
      </header>
      {current && <PastDueBanner subscription={current} />}
      {confirming && (
        <p className="billing__notice" role="status">
          {checks < CONFIRM_CHECKS
            ? "Thanks! Your payment is being confirmed; your plan updates here within a few seconds."
            : "Thanks! Stripe has not confirmed your payment yet. Reload this page in a minute; nothing is charged twice."}
        </p>
      )}
      {loading && (
        <p className="pricing__state" role="status">
          Loading billing...
        </p>
      )}
      {readOnly && current && (
        <section className="card billing__current" aria-labelledby="current-plan-heading">
          <h2 id="current-plan-heading">Current plan: {current.plan_name}</h2>
          <p>Only the owners of {workspaces.list?.current.name} can change its plan or payment details.</p>
        </section>
      )}
      {!loading && current && !readOnly && (
        <CurrentPlanPanel
          subscription={current}
          signedIn={signedIn}
          demoAccount={Boolean(user?.demo)}
          onChanged={planChanged}
          onManage={() => setMessage(null)}
        />
      )}
      {!loading && unknownPlan && (
        <section className="card billing__current" aria-labelledby="current-plan-heading">
          <h2 id="current-plan-heading">Current plan</h2>
          <LoadFailed message={SUBSCRIPTION_FAILED} onRetry={reloadSubscription} />
        </section>
      )}
      {message && (
        <p className={message.kind === "error" ? "field-error billing__message" : "billing__notice"} role={message.kind === "error" ? "alert" : "status"}>
          {message.text}
        </p>
      )}
      {plans.status === "success" && !loading && !unknownPlan && !readOnly && (
        <ul className="pricing__plans" aria-label="Plans">
          {plans.data.map((plan) => (
            <BillingPlanCard key={plan.id} plan={plan} currentPlanId={current?.plan_id ?? "free"} signedIn={signedIn} busy={busy} onUpgrade={() => upgrade(plan.id === "agency" ? "agency" : "pro")} />
          ))}
        </ul>
      )}
      {/* The plans are the way to upgrade: asked again here, not on /pricing, whose plans come from the same call. */}
      {plans.status === "error" && <LoadFailed message="We couldn't load the plans, so there is nothing to upgrade to yet." onRetry={reloadPlans} />}
      <p className="pricing__note billing__footer">
        Payments are processed securely by Stripe, our card payment provider. Cancel anytime. No hidden fees.
      </p>
    </div>
  );
}
