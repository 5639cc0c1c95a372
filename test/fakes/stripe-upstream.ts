/**
 * A fake Stripe API, enough for RankLayer's billing: customers, Checkout Sessions, Customer
 * Portal sessions and subscription reads, in Stripe's shapes and error format, checking the
 * secret key. The real `stripe` library talks to it (its host option points here), so tests
 * prove the library is used as Stripe expects. Tests drive it under /__control/:
 *   POST subscriptions      FakeSubscription               set a subscription's current state
 *   POST complete-checkout  { sessionId, status? }         the customer paid: a subscription exists
 *   GET  calls?path=&customer=                              { calls: StripeCallRecord[] }
 */
import type { FakeUpstream } from "./outbound.ts";
import { type FakeSubscription, type StripeCallRecord, subscriptionObject } from "./stripe-calls.ts";

export const STRIPE_FAKE_HOST = "stripe-fake.test";
export const STRIPE_FAKE_KEY = "sk_test_fake_ranklayer";

export class StripeFake implements FakeUpstream {
  private log: StripeCallRecord[] = [];
  private seq = 0;
  private customers = new Map<string, { id: string; metadata: Record<string, string> }>();
  private byIdempotencyKey = new Map<string, string>();
  private sessions = new Map<string, Record<string, string>>();
  private subscriptions = new Map<string, FakeSubscription>();

  /** `publicBase`: where the Checkout and portal URLs it hands out point (a browser may open them). */
  constructor(readonly options: { host?: string; publicBase?: string } = {}) {}

  handles(url: URL): boolean {
    return url.hostname === (this.options.host ?? STRIPE_FAKE_HOST);
  }

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/__control/")) return this.control(request, url);
    if (url.pathname.startsWith("/checkout/") || url.pathname.startsWith("/portal/")) {
      const title = url.pathname.startsWith("/checkout/") ? "Fake Stripe Checkout" : "Fake Stripe Customer Portal";
      return new Response(`<!doctype html><title>${title}</title><h1>${title}</h1>`, { headers: { "Content-Type": "text/html" } });
    }
    const fields = Object.fromEntries(new URLSearchParams(request.method === "POST" ? await request.text() : url.search));
    const record = (status: number): StripeCallRecord => {
      const call = {
        seq: ++this.seq,
        method: request.method,
        path: url.pathname,
        fields,
        authorized: request.headers.get("authorization") === `Bearer ${STRIPE_FAKE_KEY}`,
        idempotencyKey: request.headers.get("idempotency-key"),
        status,
      };
      this.log.push(call);
      return call;
    };
    if (request.headers.get("authorization") !== `Bearer ${STRIPE_FAKE_KEY}`) {
      record(401);
      return stripeError(401, "invalid_request_error", "Invalid API Key provided");
    }
    const route = `${request.method} ${url.pathname}`;
    const base = this.options.publicBase ?? `https://${STRIPE_FAKE_HOST}`;

    if (route === "POST /v1/customers") {
      const known = this.byIdempotencyKey.get(request.headers.get("idempotency-key") ?? "");
      const id = known ?? `cus_fake${this.seq + 1}${randomId(6)}`;
      if (!known) {
        this.customers.set(id, { id, metadata: pick(fields, "metadata") });
        const key = request.headers.get("idempotency-key");
        if (key) this.byIdempotencyKey.set(key, id);
      }
      record(200);
      return json(200, { id, object: "customer", metadata: this.customers.get(id)!.metadata });
    }
    if (route === "POST /v1/checkout/sessions") {
      if (!fields.customer || !this.customers.has(fields.customer)) {
        record(400);
        return stripeError(400, "invalid_request_error", `No such customer: '${fields.customer ?? ""}'`, "customer");
      }
      const id = `cs_test_${randomId(24)}`;
      this.sessions.set(id, fields);
      record(200);
      return json(200, { id, object: "checkout.session", mode: fields.mode, customer: fields.customer, url: `${base}/checkout/${id}` });
    }
    if (route === "POST /v1/billing_portal/sessions") {
      if (!fields.customer || !this.customers.has(fields.customer)) {
        record(400);
        return stripeError(400, "invalid_request_error", `No such customer: '${fields.customer ?? ""}'`, "customer");
      }
      const id = `bps_${randomId(24)}`;
      record(200);
      return json(200, { id, object: "billing_portal.session", customer: fields.customer, url: `${base}/portal/${id}` });
    }
    // Cancel now (DELETE), as account deletion does: the subscription ends, status canceled.
    const canceledId = /^DELETE \/v1\/subscriptions\/([^/]+)$/.exec(route)?.[1];
    if (canceledId) {
      const subscription = this.subscriptions.get(canceledId);
      record(subscription ? 200 : 404);
      if (!subscription) return stripeError(404, "invalid_request_error", `No such subscription: '${canceledId}'`, "id");
      const canceled = { ...subscription, status: "canceled" };
      this.subscriptions.set(canceledId, canceled);
      return json(200, subscriptionObject(canceled));
    }
    const subscriptionId = /^GET \/v1\/subscriptions\/([^/]+)$/.exec(route)?.[1];
    if (subscriptionId) {
      const subscription = this.subscriptions.get(subscriptionId);
      record(subscription ? 200 : 404);
      return subscription
        ? json(200, subscriptionObject(subscription))
        : stripeError(404, "invalid_request_error", `No such subscription: '${subscriptionId}'`, "id");
    }
    record(404);
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${url.pathname})`);
  }

  private async control(request: Request, url: URL): Promise<Response> {
    const action = url.pathname.slice("/__control/".length);
    const input = request.method === "POST" ? ((await request.json().catch(() => ({}))) as Record<string, unknown>) : {};
    switch (`${request.method} ${action}`) {
      case "POST subscriptions": {
        const subscription = input as unknown as FakeSubscription;
        this.subscriptions.set(subscription.id, subscription);
        return json(200, subscriptionObject(subscription));
      }
      case "POST complete-checkout": {
        const session = this.sessions.get(String(input.sessionId));
        if (!session) return json(404, { error: "no such session" });
        const subscription: FakeSubscription = {
          id: `sub_fake${randomId(14)}`,
          customer: session.customer!,
          status: typeof input.status === "string" ? input.status : "active",
          priceId: session["line_items[0][price]"],
          periodEnd: Math.floor(Date.now() / 1000) + 30 * 86400,
          userId: session["subscription_data[metadata][user_id]"],
        };
        this.subscriptions.set(subscription.id, subscription);
        return json(200, {
          session: { id: input.sessionId, object: "checkout.session", customer: session.customer, subscription: subscription.id, client_reference_id: session.client_reference_id, mode: "subscription", status: "complete" },
          subscription: subscriptionObject(subscription),
        });
      }
      case "GET calls": {
        const path = url.searchParams.get("path");
        const customer = url.searchParams.get("customer");
        const subscription = url.searchParams.get("subscription");
        const calls = this.log.filter(
          (call) =>
            (!path || call.path === path) &&
            (!customer || call.fields.customer === customer) &&
            (!subscription || call.path === `/v1/subscriptions/${subscription}`),
        );
        return json(200, { calls });
      }
      default:
        return json(404, { error: `unknown control action ${action}` });
    }
  }
}

/** The fields under `prefix[...]`: metadata[user_id] → { user_id }. */
function pick(fields: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = new RegExp(`^${prefix}\\[([^\\]]+)\\]$`).exec(name);
    if (match) out[match[1]!] = value;
  }
  return out;
}

function randomId(length: number): string {
  return crypto.randomUUID().replace(/-/g, "").slice(0, length);
}

function stripeError(status: number, type: string, message: string, param?: string): Response {
  return json(status, { error: { type, message, ...(param && { param }) } });
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Request-Id": `req_${randomId(14)}` } });
}
