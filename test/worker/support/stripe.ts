import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import Stripe from "stripe";
import { expect, vi } from "vitest";
import { app } from "../../../worker/app";
import type { Bindings } from "../../../worker/env";
import type { FakeSubscription, StripeCallRecord } from "../../fakes/stripe-calls";
import { demoEnv } from "./seller-browser";

export const STRIPE_FAKE = "stripe-fake.test";
export const STRIPE_KEY = "sk_test_fake_ranklayer";
export const WEBHOOK_SECRET = "whsec_test_ranklayer_0123456789";
export const PRICE_PRO = "price_pro_test";

/** Bindings with Stripe configured, pointed at the fake Stripe API. */
export function stripeEnv(overrides: Partial<Bindings> = {}): Bindings {
  return demoEnv({
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: PRICE_PRO,
    STRIPE_API_BASE_URL: `https://${STRIPE_FAKE}`,
    ...overrides,
  });
}

const signer = new Stripe(STRIPE_KEY, { httpClient: Stripe.createFetchHttpClient() });
const cryptoProvider = Stripe.createSubtleCryptoProvider();

let eventSerial = 0;

export interface TestEvent {
  id: string;
  type: string;
  created: number;
  object: Record<string, unknown>;
}

/** An event in Stripe's envelope; `created` defaults to now. */
export function stripeEvent(type: string, object: Record<string, unknown>, created = Math.floor(Date.now() / 1000)): TestEvent {
  eventSerial += 1;
  return { id: `evt_test_${eventSerial}_${crypto.randomUUID().slice(0, 8)}`, type, created, object };
}

export function eventBody(event: TestEvent): string {
  return JSON.stringify({
    id: event.id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: event.created,
    type: event.type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: event.object },
  });
}

/** A Stripe-Signature header made by Stripe's own test helper. */
export function signatureFor(payload: string, secret = WEBHOOK_SECRET, timestamp?: number): Promise<string> {
  return signer.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider, ...(timestamp && { timestamp }) });
}

/** POSTs a raw body to the webhook, with no cookie and no XSRF token, as Stripe does. */
export async function deliverRaw(bindings: Bindings, body: string, signature: string | null): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  const ctx = createExecutionContext();
  const res = await app.request("/api/billing/webhook", { method: "POST", body, headers }, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Delivers a correctly signed event. */
export async function deliver(bindings: Bindings, event: TestEvent): Promise<Response> {
  const body = eventBody(event);
  return deliverRaw(bindings, body, await signatureFor(body));
}

/** Stripe takes `ms` over each customer creation with this Idempotency-Key, refusing the key meanwhile. */
export async function holdIdempotencyKey(key: string, ms: number): Promise<void> {
  const res = await fetch(`https://${STRIPE_FAKE}/__control/hold-idempotency-key`, { method: "POST", body: JSON.stringify({ key, ms }) });
  expect(res.status).toBe(200);
}

/** The next call of `route` ("POST /v1/customers") fails with a 500 that Stripe saves under its Idempotency-Key. */
export async function failNext(route: string): Promise<void> {
  const res = await fetch(`https://${STRIPE_FAKE}/__control/fail-next`, { method: "POST", body: JSON.stringify({ route }) });
  expect(res.status).toBe(200);
}

/** Resolves once Stripe has begun a request with this Idempotency-Key (one held by holdIdempotencyKey stays running). */
export async function untilRunning(key: string): Promise<void> {
  await vi.waitFor(async () => {
    const res = await fetch(`https://${STRIPE_FAKE}/__control/running?key=${encodeURIComponent(key)}`);
    expect(await res.json()).toEqual({ running: true });
  }, { timeout: 10_000, interval: 20 });
}

export async function setSubscription(subscription: FakeSubscription): Promise<Record<string, unknown>> {
  const res = await fetch(`https://${STRIPE_FAKE}/__control/subscriptions`, { method: "POST", body: JSON.stringify(subscription) });
  expect(res.status).toBe(200);
  return res.json();
}

export async function stripeCalls(query: Record<string, string>): Promise<StripeCallRecord[]> {
  const res = await fetch(`https://${STRIPE_FAKE}/__control/calls?${new URLSearchParams(query)}`);
  return ((await res.json()) as { calls: StripeCallRecord[] }).calls;
}


/** The customer pays an open Checkout Session in the fake: answers the events Stripe would send (or the fake's refusal). */
export async function completeCheckout(sessionId: string, status = "active"): Promise<{ status: number; events: TestEvent[]; subscription: { id: string } }> {
  const res = await fetch(`https://${STRIPE_FAKE}/__control/complete-checkout`, { method: "POST", body: JSON.stringify({ sessionId, status }) });
  const body = (await res.json()) as { events?: TestEvent[]; subscription?: { id: string } };
  return { status: res.status, events: body.events ?? [], subscription: body.subscription ?? { id: "" } };
}

/** The customer is deleted in Stripe's dashboard (its subscriptions end with it). */
export async function deleteCustomer(id: string): Promise<void> {
  const res = await fetch(`https://${STRIPE_FAKE}/__control/delete-customer`, { method: "POST", body: JSON.stringify({ id }) });
  expect(res.status).toBe(200);
}

/** The Checkout Session id in a fake Checkout URL. */
export const sessionIdOf = (url: string | null) => /\/checkout\/(cs_test_\w+)/.exec(url ?? "")?.[1] ?? "";
