/** One request the fake Stripe API got: shared by the fake (Node) and the tests that read its log. */
export interface StripeCallRecord {
  seq: number;
  method: string;
  /** e.g. /v1/checkout/sessions */
  path: string;
  /** The form body's fields as Stripe's library encodes them: `line_items[0][price]`, … */
  fields: Record<string, string>;
  /** The Authorization header carried the configured secret key. */
  authorized: boolean;
  idempotencyKey: string | null;
  status: number;
}

/** A subscription as a test sets it in the fake. */
export interface FakeSubscription {
  id: string;
  customer: string;
  status: string;
  priceId?: string;
  /** Epoch seconds. */
  periodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  userId?: string;
}
