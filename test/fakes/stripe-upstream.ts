/**
 * A fake Stripe API, enough for RankLayer's billing: customers (deletable), Checkout Sessions
 * (open, complete, expired; listed newest first, `limit` 10 unless set, with their metadata and
 * expires_at), Customer Portal sessions and subscriptions (read, listed per
 * customer with Stripe's status filter, cancelled), in Stripe's shapes and error format,
 * checking the secret key. It is as strict as Stripe where RankLayer has been caught out: a
 * deleted customer is "No such customer" (resource_missing); an Idempotency-Key on any POST
 * replays its first result (Idempotent-Replayed: true), a 500 included, for the same endpoint and
 * parameters, is a 400 idempotency_error with other ones, and a 409 while its first request still runs; only an open
 * session can be paid or expired (and none of a deleted customer paid), Checkout sells only the
 * account's own active prices (FAKE_PRICES; an archived one is "inactive", any other "No such price"), a session's expires_at lies 30 minutes to 24 hours ahead (24 hours
 * unless set), a subscription list without `status` leaves canceled ones out, the key
 * STRIPE_OUTAGE_KEY answers every call 503 (Stripe unreachable), and the key STRIPE_RATE_LIMITED_KEY
 * every call 429 rate_limit_error without Retry-After (an account over Stripe's rate), and the key
 * STRIPE_NO_PORTAL_KEY is an account that never saved its Customer Portal settings. The real `stripe` library
 * talks to it (its host option points here). Tests drive it under /__control/:
 * A subscription's quantity is updated the way Stripe checks it (POST /v1/subscriptions/:id):
 * the item must belong to that subscription, the quantity be a whole number of at least 1, the
 * proration_behavior one Stripe knows; a canceled subscription cannot change.
 *   POST subscriptions      FakeSubscription               set a subscription's state (merged into the one stored)
 *   POST complete-checkout  { sessionId, status? }         the customer paid an open session: a subscription exists;
 *                                                          answers the events Stripe would send, for the test to deliver
 *   POST delete-customer    { id }                         the customer is deleted in Stripe (its subscriptions end)
 *   POST hold-idempotency-key { key, ms }                  requests with that key take `ms`; meanwhile
 *                                                          another with it is refused 409, as Stripe does
 *   GET  running?key=                                      { running }: a request with that key is in progress
 *   POST fail-next          { route }                      the next call of `route` ("POST /v1/customers") answers
 *                                                          500 api_error, saved under its Idempotency-Key as Stripe does
 *   GET  calls?path=&method=&customer=                            { calls: StripeCallRecord[] }
 */
import type { FakeUpstream } from "./outbound.ts";
import { FAKE_ARCHIVED_PRICES, FAKE_PRICES, type FakeSubscription, itemIdOf, STRIPE_NO_PORTAL_KEY, STRIPE_OUTAGE_KEY, STRIPE_RATE_LIMITED_KEY, type StripeCallRecord, subscriptionObject } from "./stripe-calls.ts";

const PRORATION_BEHAVIORS = ["create_prorations", "none", "always_invoice"];

export const STRIPE_FAKE_HOST = "stripe-fake.test";
export const STRIPE_FAKE_KEY = "sk_test_fake_ranklayer";

interface FakeSession {
  id: string;
  fields: Record<string, string>;
  status: "open" | "complete" | "expired";
  subscription: string | null;
  created: number;
  expiresAt: number;
}

/** Stripe's bounds on a Checkout Session's expires_at, from its creation; 24 hours unless set. */
const SESSION_MIN_LIFE_S = 30 * 60;
const SESSION_MAX_LIFE_S = 24 * 60 * 60;

export class StripeFake implements FakeUpstream {
  private log: StripeCallRecord[] = [];
  private seq = 0;
  private customers = new Map<string, { id: string; metadata: Record<string, string>; deleted?: boolean }>();
  /** Idempotency-Key → the request (endpoint and parameters) it was first used with and its saved answer. */
  private byIdempotencyKey = new Map<string, { request: string; status: number; body: unknown }>();
  /** Keys whose requests Stripe takes `ms` to finish (control: hold-idempotency-key), and the keys of requests still running. */
  private heldKeys = new Map<string, number>();
  private keysInProgress = new Set<string>();
  /** Routes whose next call fails with a 500 (control: fail-next). */
  private failNext = new Set<string>();
  private sessions = new Map<string, FakeSession>();
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
        authorized: this.accountOf(request) !== null,
        idempotencyKey: request.headers.get("idempotency-key"),
        status,
      };
      this.log.push(call);
      return call;
    };
    if (request.headers.get("authorization") === `Bearer ${STRIPE_OUTAGE_KEY}`) {
      record(503);
      return stripeError(503, "api_error", "Stripe is unreachable (fake outage).");
    }
    if (request.headers.get("authorization") === `Bearer ${STRIPE_RATE_LIMITED_KEY}`) {
      record(429);
      return stripeError(429, "rate_limit_error", "Request rate limit exceeded. You can learn more about rate limits here https://stripe.com/docs/rate-limits.");
    }
    const account = this.accountOf(request);
    if (!account) {
      record(401);
      return stripeError(401, "invalid_request_error", "Invalid API Key provided");
    }
    const route = `${request.method} ${url.pathname}`;
    const key = request.headers.get("idempotency-key");
    if (request.method === "POST" && key) return this.idempotent(key, `${route} ${JSON.stringify(fields)}`, record, () => this.answer(route, fields, record, account));
    return this.answer(route, fields, record, account);
  }

  /** The account a request's secret key opens (both keys share one set of objects), or null for a wrong key. */
  private accountOf(request: Request): { portalSaved: boolean } | null {
    const authorization = request.headers.get("authorization");
    if (authorization === `Bearer ${STRIPE_FAKE_KEY}`) return { portalSaved: true };
    if (authorization === `Bearer ${STRIPE_NO_PORTAL_KEY}`) return { portalSaved: false };
    return null;
  }

  /**
   * Stripe's idempotency (docs.stripe.com/api/idempotent_requests): a key's first result is saved
   * "regardless of whether it succeeds or fails ... including 500 errors" and replayed for the same
   * endpoint and parameters; other ones are a 400 idempotency_error; while its first request still
   * runs, another with it is a 409. A request refused before it ran (a 4xx here) saves nothing.
   */
  private async idempotent(key: string, requestOf: string, record: (status: number) => unknown, run: () => Promise<Response>): Promise<Response> {
    if (this.keysInProgress.has(key)) {
      record(409);
      return stripeError(409, "idempotency_error", `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`);
    }
    const saved = this.byIdempotencyKey.get(key);
    if (saved && saved.request !== requestOf) {
      record(400);
      return stripeError(400, "idempotency_error", "Keys for idempotent requests can only be used with the same parameters they were first used with.");
    }
    if (saved) {
      record(saved.status);
      return json(saved.status, saved.body, { "Idempotent-Replayed": "true" });
    }
    this.keysInProgress.add(key);
    let response: Response;
    try {
      const hold = this.heldKeys.get(key);
      if (hold) await new Promise((resolve) => setTimeout(resolve, hold));
      response = await run();
    } finally {
      this.keysInProgress.delete(key);
    }
    if (response.status === 200 || response.status >= 500) {
      this.byIdempotencyKey.set(key, { request: requestOf, status: response.status, body: await response.clone().json() });
    }
    return response;
  }

  private async answer(route: string, fields: Record<string, string>, record: (status: number) => unknown, account: { portalSaved: boolean }): Promise<Response> {
    if (this.failNext.delete(route)) {
      record(500);
      return stripeError(500, "api_error", "An unknown error occurred while processing your request.");
    }
    const base = this.options.publicBase ?? `https://${STRIPE_FAKE_HOST}`;
    if (route === "POST /v1/customers") {
      const id = `cus_fake${this.seq + 1}${randomId(6)}`;
      this.customers.set(id, { id, metadata: pick(fields, "metadata") });
      record(200);
      return json(200, { id, object: "customer", metadata: this.customers.get(id)!.metadata });
    }
    if (route === "POST /v1/checkout/sessions") {
      if (!this.liveCustomer(fields.customer)) return missingCustomer(record, fields.customer);
      for (const name of ["success_url", "cancel_url"]) {
        if (!/^https?:\/\//.test(fields[name] ?? "")) {
          record(400);
          return stripeError(400, "invalid_request_error", `Not a valid URL`, name, "url_invalid");
        }
      }
      const price = fields["line_items[0][price]"];
      if (price !== undefined && FAKE_ARCHIVED_PRICES.includes(price)) {
        record(400);
        return stripeError(400, "invalid_request_error", "The price specified is inactive. This field only accepts active prices.", "line_items[0][price]");
      }
      if (price !== undefined && !FAKE_PRICES.includes(price)) {
        record(400);
        return stripeError(400, "invalid_request_error", `No such price: '${price}'`, "line_items[0][price]", "resource_missing");
      }
      const quantity = fields["line_items[0][quantity]"];
      if (quantity !== undefined && !isPositiveInteger(quantity)) {
        record(400);
        return stripeError(400, "invalid_request_error", "Invalid positive integer", "line_items[0][quantity]", "parameter_invalid_integer");
      }
      const created = Math.floor(Date.now() / 1000);
      const expiresAt = fields.expires_at === undefined ? created + SESSION_MAX_LIFE_S : Number(fields.expires_at);
      if (!(expiresAt >= created + SESSION_MIN_LIFE_S && expiresAt <= created + SESSION_MAX_LIFE_S)) {
        record(400);
        return stripeError(400, "invalid_request_error", "The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", "expires_at");
      }
      const id = `cs_test_${randomId(24)}`;
      this.sessions.set(id, { id, fields, status: "open", subscription: null, created, expiresAt });
      record(200);
      return json(200, this.sessionObject(id));
    }
    if (route === "GET /v1/checkout/sessions") {
      // Newest first, as every Stripe list; 10 unless `limit` says otherwise (at most 100).
      const limit = Math.min(Number(fields.limit ?? "10"), 100);
      const matching = [...this.sessions.values()]
        .reverse()
        .filter((session) => (!fields.customer || session.fields.customer === fields.customer) && (!fields.status || session.status === fields.status));
      const expandCustomer = Object.entries(fields).some(([name, value]) => /^expand\[\d*\]$/.test(name) && value === "data.customer");
      const data = matching.slice(0, limit).map((session) => this.sessionObject(session.id, expandCustomer));
      record(200);
      return json(200, { object: "list", data, has_more: matching.length > limit, url: "/v1/checkout/sessions" });
    }
    const sessionMatch = /^(GET|POST) \/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(route);
    if (sessionMatch && (sessionMatch[1] === "GET") === !sessionMatch[3]) {
      const session = this.sessions.get(sessionMatch[2]!);
      if (!session) {
        record(404);
        return stripeError(404, "invalid_request_error", `No such checkout.session: '${sessionMatch[2]}'`, "session", "resource_missing");
      }
      if (sessionMatch[3]) {
        if (session.status !== "open") {
          record(400);
          return stripeError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired.`);
        }
        session.status = "expired";
      }
      record(200);
      return json(200, this.sessionObject(session.id));
    }
    if (route === "POST /v1/billing_portal/sessions") {
      if (!account.portalSaved) {
        record(400);
        return stripeError(400, "invalid_request_error", "You can’t create a portal session in test mode until you save your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.");
      }
      if (!this.liveCustomer(fields.customer)) return missingCustomer(record, fields.customer);
      const id = `bps_${randomId(24)}`;
      record(200);
      return json(200, { id, object: "billing_portal.session", customer: fields.customer, url: `${base}/portal/${id}` });
    }
    if (route === "GET /v1/subscriptions") {
      // Stripe's default leaves canceled subscriptions out; status=all lists every one.
      const status = fields.status ?? "default";
      const data = [...this.subscriptions.values()]
        .filter((sub) => !fields.customer || sub.customer === fields.customer)
        .filter((sub) => status === "all" || (status === "default" ? sub.status !== "canceled" : sub.status === status))
        .sort((a, b) => (b.created ?? 0) - (a.created ?? 0))
        .map(subscriptionObject);
      record(200);
      return json(200, { object: "list", data, has_more: false, url: "/v1/subscriptions" });
    }
    const updateMatch = /^POST \/v1\/subscriptions\/([^/]+)$/.exec(route);
    if (updateMatch) return this.updateSubscription(updateMatch[1]!, fields, record);
    const subscriptionMatch = /^(GET|DELETE) \/v1\/subscriptions\/([^/]+)$/.exec(route);
    if (subscriptionMatch) {
      const subscription = this.subscriptions.get(subscriptionMatch[2]!);
      if (!subscription) {
        record(404);
        return stripeError(404, "invalid_request_error", `No such subscription: '${subscriptionMatch[2]}'`, "id", "resource_missing");
      }
      if (subscriptionMatch[1] === "DELETE") {
        if (subscription.status === "canceled") {
          record(400);
          return stripeError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details and metadata.");
        }
        subscription.status = "canceled";
      }
      record(200);
      return json(200, subscriptionObject(subscription));
    }
    record(404);
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${route.replace(" ", ": ")})`);
  }

  /** A quantity update, refused where Stripe refuses it. */
  private updateSubscription(id: string, fields: Record<string, string>, record: (status: number) => unknown): Response {
    const subscription = this.subscriptions.get(id);
    if (!subscription) {
      record(404);
      return stripeError(404, "invalid_request_error", `No such subscription: '${id}'`, "id", "resource_missing");
    }
    if (subscription.status === "canceled") {
      record(400);
      return stripeError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details and metadata.");
    }
    const unknown = Object.keys(fields).filter((name) => !["items[0][id]", "items[0][quantity]", "proration_behavior"].includes(name));
    if (unknown.length > 0) {
      record(400);
      return stripeError(400, "invalid_request_error", `Received unknown parameter: ${unknown[0]}`, unknown[0]);
    }
    const itemId = fields["items[0][id]"];
    if (itemId !== itemIdOf(id)) {
      record(400);
      return stripeError(400, "invalid_request_error", `No such subscription_item: '${itemId ?? ""}'`, "items[0][id]", "resource_missing");
    }
    const quantity = fields["items[0][quantity]"];
    if (quantity === undefined || !isPositiveInteger(quantity)) {
      record(400);
      return stripeError(400, "invalid_request_error", "Invalid positive integer", "items[0][quantity]", "parameter_invalid_integer");
    }
    const proration = fields.proration_behavior ?? "create_prorations";
    if (!PRORATION_BEHAVIORS.includes(proration)) {
      record(400);
      return stripeError(400, "invalid_request_error", `Invalid proration_behavior: must be one of ${PRORATION_BEHAVIORS.join(", ")}`, "proration_behavior");
    }
    subscription.quantity = Number(quantity);
    subscription.prorations = [...(subscription.prorations ?? []), proration];
    record(200);
    return json(200, subscriptionObject(subscription));
  }

  private liveCustomer(id: string | undefined): boolean {
    return Boolean(id && this.customers.has(id) && !this.customers.get(id)!.deleted);
  }

  /** `expandCustomer`: the customer as an object (a deleted one is `{ id, object, deleted: true }`, as Stripe keeps it). */
  private sessionObject(id: string, expandCustomer = false) {
    const session = this.sessions.get(id)!;
    const base = this.options.publicBase ?? `https://${STRIPE_FAKE_HOST}`;
    const customer = this.customers.get(session.fields.customer ?? "");
    return {
      id,
      object: "checkout.session",
      mode: session.fields.mode,
      customer: expandCustomer && customer
        ? (customer.deleted ? { id: customer.id, object: "customer", deleted: true } : { id: customer.id, object: "customer", metadata: customer.metadata })
        : session.fields.customer,
      client_reference_id: session.fields.client_reference_id ?? null,
      metadata: pick(session.fields, "metadata"),
      status: session.status,
      subscription: session.subscription,
      success_url: session.fields.success_url,
      url: session.status === "open" ? `${base}/checkout/${id}` : null,
      created: session.created,
      expires_at: session.expiresAt,
    };
  }

  private async control(request: Request, url: URL): Promise<Response> {
    const action = url.pathname.slice("/__control/".length);
    const input = request.method === "POST" ? ((await request.json().catch(() => ({}))) as Record<string, unknown>) : {};
    switch (`${request.method} ${action}`) {
      case "POST subscriptions": {
        const update = input as unknown as FakeSubscription;
        const now = Math.floor(Date.now() / 1000);
        const subscription = { created: now, ...this.subscriptions.get(update.id), ...update };
        this.subscriptions.set(subscription.id, subscription);
        return json(200, subscriptionObject(subscription));
      }
      case "POST complete-checkout": {
        const session = this.sessions.get(String(input.sessionId));
        if (!session) return json(404, { error: "no such session" });
        // Stripe takes no payment on an expired or already completed session, nor adds a subscription to a deleted customer.
        if (session.status !== "open") return json(409, { error: `session is ${session.status}` });
        if (this.customers.get(session.fields.customer ?? "")?.deleted) return json(409, { error: "the session's customer is deleted" });
        const now = Math.floor(Date.now() / 1000);
        const subscription: FakeSubscription = {
          id: `sub_fake${randomId(14)}`,
          customer: session.fields.customer!,
          status: typeof input.status === "string" ? input.status : "active",
          priceId: session.fields["line_items[0][price]"],
          periodEnd: now + 30 * 86400,
          userId: session.fields["subscription_data[metadata][user_id]"],
          created: now,
          quantity: Number(session.fields["line_items[0][quantity]"] ?? "1"),
        };
        this.subscriptions.set(subscription.id, subscription);
        session.status = "complete";
        session.subscription = subscription.id;
        const sessionObject = this.sessionObject(session.id);
        const subscriptionBody = subscriptionObject(subscription);
        const invoice = {
          id: `in_fake${randomId(14)}`, object: "invoice", customer: subscription.customer, status: "paid",
          parent: { type: "subscription_details", subscription_details: { subscription: subscription.id } },
        };
        const event = (type: string, object: unknown) => ({ id: `evt_fake${randomId(16)}`, type, created: now, object });
        return json(200, {
          session: sessionObject,
          subscription: subscriptionBody,
          // What Stripe sends after a paid Checkout; the test delivers them in any order, late or twice.
          events: [
            event("customer.subscription.created", subscriptionBody),
            event("invoice.paid", invoice),
            event("checkout.session.completed", sessionObject),
          ],
        });
      }
      case "POST hold-idempotency-key": {
        this.heldKeys.set(String(input.key), Number(input.ms));
        return json(200, { held: input.key });
      }
      case "POST fail-next": {
        this.failNext.add(String(input.route));
        return json(200, { failing: input.route });
      }
      case "GET running":
        return json(200, { running: this.keysInProgress.has(url.searchParams.get("key") ?? "") });
      case "POST delete-customer": {
        const customer = this.customers.get(String(input.id));
        if (!customer) return json(404, { error: "no such customer" });
        customer.deleted = true;
        // Deleting a customer in Stripe cancels its subscriptions at once.
        for (const sub of this.subscriptions.values()) if (sub.customer === customer.id) sub.status = "canceled";
        return json(200, { id: customer.id, object: "customer", deleted: true });
      }
      case "GET calls": {
        const path = url.searchParams.get("path");
        const customer = url.searchParams.get("customer");
        const method = url.searchParams.get("method");
        const subscription = url.searchParams.get("subscription");
        const calls = this.log.filter(
          (call) =>
            (!path || call.path === path) &&
            (!method || call.method === method) &&
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

function isPositiveInteger(value: string): boolean {
  return /^[1-9][0-9]{0,8}$/.test(value);
}

function randomId(length: number): string {
  return crypto.randomUUID().replace(/-/g, "").slice(0, length);
}

function stripeError(status: number, type: string, message: string, param?: string, code?: string): Response {
  return json(status, { error: { type, message, ...(param && { param }), ...(code && { code }) } });
}

function missingCustomer(record: (status: number) => unknown, id: string | undefined): Response {
  record(400);
  return stripeError(400, "invalid_request_error", `No such customer: '${id ?? ""}'`, "customer", "resource_missing");
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Request-Id": `req_${randomId(14)}`, ...headers } });
}
