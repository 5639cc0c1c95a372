import { stripeConfig } from "../../config";
import type { Bindings } from "../../env";
import type { Billing } from "./billing";
import { StripeBilling } from "./client";
import { MockBilling } from "./mock";

/** Stripe when its secret key is set, otherwise the labelled mock. */
export function billingFor(env: Partial<Bindings>): Billing {
  const config = stripeConfig(env);
  return config ? new StripeBilling(config) : new MockBilling();
}
