/**
 * The app (in Miniflare, local-app.ts) with Stripe and Amazon sign-in configured, both pointed at
 * fakes on 127.0.0.1: the fake LWA (so a seller signs in through the real OAuth callback)
 * and the fake Stripe API (Checkout URLs lead to a page it serves).
 */
import type { Page } from "playwright-core";
import Stripe from "stripe";
import { control, startFakeHttpServer, type FakeHttpServer } from "../fakes/fake-http-server.ts";
import { LwaFake } from "../fakes/lwa-upstream.ts";
import { STRIPE_FAKE_HOST, STRIPE_FAKE_KEY, StripeFake } from "../fakes/stripe-upstream.ts";
import { startLocalApp, type LocalApp } from "./local-app.ts";

export const WEBHOOK_SECRET = "whsec_e2e_ranklayer_0123456789";
const LWA_CLIENT = { clientId: "amzn1.application-oa2-client.e2e", secret: "lwa-e2e-secret" };

export interface BillingServers {
  app: LocalApp;
  lwa: FakeHttpServer;
  stripe: FakeHttpServer;
  close(): Promise<void>;
}

export async function startBillingServers(): Promise<BillingServers> {
  const lwa = await startFakeHttpServer(new LwaFake(), (path) => (path.startsWith("/__control/") ? "https://lwa-fake.test" : "https://api.amazon.com"));
  const stripeFake = new StripeFake();
  const stripe = await startFakeHttpServer(stripeFake, () => `https://${STRIPE_FAKE_HOST}`);
  stripeFake.options.publicBase = stripe.url;
  await control(lwa.url, "clients", LWA_CLIENT);
  const key = btoa(String.fromCharCode(...new Uint8Array(32).fill(5)));
  const app = await startLocalApp({
    LWA_CLIENT_ID: LWA_CLIENT.clientId,
    LWA_CLIENT_SECRET: LWA_CLIENT.secret,
    SPAPI_APPLICATION_ID: "amzn1.sp.solution.e2e",
    SESSION_SECRET: "e2e-session-secret-0123456789abcdefghijklmnop",
    TOKEN_ENCRYPTION_KEYS: `k1:${key}`,
    LWA_TOKEN_URL: `${lwa.url}/auth/o2/token`,
    STRIPE_SECRET_KEY: STRIPE_FAKE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_PRO: "price_pro_e2e",
    STRIPE_API_BASE_URL: stripe.url,
  });
  return {
    app,
    lwa,
    stripe,
    async close() {
      await app.stop();
      await Promise.all([lwa.close(), stripe.close()]);
    },
  };
}

export const LWA_CLIENT_ID = LWA_CLIENT.clientId;

const signer = new Stripe(STRIPE_FAKE_KEY);

/** A webhook event signed with Stripe's own test helper, as Stripe would deliver it. */
export async function signedEvent(type: string, object: unknown): Promise<{ body: string; signature: string }> {
  const body = JSON.stringify({
    id: `evt_e2e_${crypto.randomUUID().slice(0, 12)}`,
    object: "event",
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    data: { object },
  });
  return { body, signature: await signer.webhooks.generateTestHeaderStringAsync({ payload: body, secret: WEBHOOK_SECRET }) };
}

/**
 * On /billing, the Pro plan's Upgrade through the fake Stripe Checkout, paid: the Checkout
 * session's id and Stripe's completed session. The customer is left on Stripe's page.
 */
export async function payForProAtCheckout(page: Page, appUrl: string, stripeUrl: string): Promise<{ sessionId: string; paid: Record<string, unknown> }> {
  await page.goto(`${appUrl}/billing`);
  const pro = page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pro", exact: true }) });
  await pro.getByRole("button", { name: "Upgrade" }).click();
  await page.waitForURL(new RegExp(`^${stripeUrl}/checkout/cs_test_`));
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;
  return { sessionId, paid: await control(stripeUrl, "complete-checkout", { sessionId }) };
}
