import { describe, expect, it } from "vitest";
import type { RedirectResponse, SubscriptionResponse } from "../../../worker/contract/billing";
import { StripeBilling } from "../../../worker/upstreams/stripe/client";
import { freeBrowserWith } from "../history/accounts";
import type { TestBrowser } from "../support/seller-browser";
import { completeCheckout, sessionIdOf, STRIPE_FAKE, STRIPE_KEY, stripeCalls, stripeEnv } from "../support/stripe";
import { PRICE_AGENCY } from "../support/workspace-plans";

/** Upgrade clicked twice, or in two tabs: never a 500, never two Checkout Sessions that can both be paid. */

const bindings = stripeEnv({ STRIPE_PRICE_AGENCY: PRICE_AGENCY });
const billing = new StripeBilling({ secretKey: STRIPE_KEY, api: { protocol: "https", host: STRIPE_FAKE } });

const upgrade = (browser: TestBrowser, planId: "pro" | "agency") => browser.json("/api/billing/create-checkout", "POST", { planId });
const customerOf = async (browser: TestBrowser) => (await (await browser.request("/api/billing/subscription")).json<SubscriptionResponse>()).stripe_customer_id!;
const urlOf = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json<RedirectResponse>()).url;
};

/** The sessions Stripe would still take a payment on. */
async function openSessions(customer: string): Promise<string[]> {
  const res = await fetch(`https://${STRIPE_FAKE}/v1/checkout/sessions?customer=${customer}&status=open&limit=100`, { headers: { Authorization: `Bearer ${STRIPE_KEY}` } });
  return ((await res.json()) as { data: { id: string }[] }).data.map((session) => session.id);
}

async function expireInStripe(sessionId: string): Promise<void> {
  const res = await fetch(`https://${STRIPE_FAKE}/v1/checkout/sessions/${sessionId}/expire`, { method: "POST", headers: { Authorization: `Bearer ${STRIPE_KEY}` } });
  expect(res.status).toBe(200);
}

describe("starting Checkout twice at once", () => {
  it("with an open session for the same plan: both clicks get that session's page, and nothing else can be paid", async () => {
    const browser = await freeBrowserWith(bindings);
    const first = await urlOf(await upgrade(browser, "pro"));
    const customer = await customerOf(browser);

    const [a, b] = await Promise.all([upgrade(browser, "pro"), upgrade(browser, "pro")]);
    expect([await urlOf(a), await urlOf(b)]).toEqual([first, first]);
    expect(await openSessions(customer)).toEqual([sessionIdOf(first)]);
    expect(await stripeCalls({ path: "/v1/checkout/sessions", method: "POST", customer })).toHaveLength(1);
  });

  it("switching plans (an open Pro session, Agency clicked twice): the Pro session is expired once, both clicks get one Agency session", async () => {
    const browser = await freeBrowserWith(bindings);
    const pro = sessionIdOf(await urlOf(await upgrade(browser, "pro")));
    const customer = await customerOf(browser);

    const [a, b] = await Promise.all([upgrade(browser, "agency"), upgrade(browser, "agency")]);
    const urls = [await urlOf(a), await urlOf(b)];
    expect(urls[0]).toBe(urls[1]);
    expect(await openSessions(customer)).toEqual([sessionIdOf(urls[0]!)]);
    expect(await completeCheckout(pro)).toMatchObject({ status: 409 });
  });

  it("a returning customer with no open session: both clicks get one session, and after it is paid nothing else can be", async () => {
    const browser = await freeBrowserWith(bindings);
    // A Checkout left long ago: Stripe expired its session.
    await expireInStripe(sessionIdOf(await urlOf(await upgrade(browser, "pro"))));
    const customer = await customerOf(browser);

    const [a, b] = await Promise.all([upgrade(browser, "pro"), upgrade(browser, "pro")]);
    const urls = [await urlOf(a), await urlOf(b)];
    expect(urls[0]).toBe(urls[1]);
    expect(await openSessions(customer)).toEqual([sessionIdOf(urls[0]!)]);
    expect((await completeCheckout(sessionIdOf(urls[0]!))).status).toBe(200);
    expect(await openSessions(customer)).toEqual([]);
  });

  it("Pro in one tab and Agency in another at the same moment: at most one session can be paid, and the other click is told to try again", async () => {
    const browser = await freeBrowserWith(bindings);
    await expireInStripe(sessionIdOf(await urlOf(await upgrade(browser, "pro"))));
    const customer = await customerOf(browser);

    const answers = await Promise.all([upgrade(browser, "pro"), upgrade(browser, "agency")]);
    for (const res of answers) expect([200, 409], await res.clone().text()).toContain(res.status);
    expect(answers.some((res) => res.status === 200)).toBe(true);
    expect(await openSessions(customer)).toHaveLength(1);
    const refused = answers.find((res) => res.status === 409);
    if (refused) {
      expect(refused.headers.get("Retry-After")).not.toBeNull();
      expect(await refused.json()).toMatchObject({ code: "conflict", detail: expect.stringMatching(/at the same moment/) });
    }
  });
});

describe("reusing an open session", () => {
  it("an open session with less than an hour left is not handed out again: it is expired and a new one made", async () => {
    const browser = await freeBrowserWith(bindings);
    const first = sessionIdOf(await urlOf(await upgrade(browser, "pro")));
    const customer = await customerOf(browser);
    await expireInStripe(first);
    // The same purchase, open but expiring in 31 minutes (Stripe's shortest is 30).
    const soon = await createSessionInStripe(customer, Math.floor(Date.now() / 1000) + 31 * 60);

    const renewed = sessionIdOf(await urlOf(await upgrade(browser, "pro")));
    expect(renewed).not.toBe(soon);
    expect(await openSessions(customer)).toEqual([renewed]);
  });
});

/** A copy of the customer's first session's purchase, made straight in Stripe with its own expiry. */
async function createSessionInStripe(customer: string, expiresAt: number): Promise<string> {
  const [call] = (await stripeCalls({ path: "/v1/checkout/sessions", method: "POST", customer })).filter((c) => c.status === 200);
  expect(call).toBeDefined();
  const body = new URLSearchParams({ ...call!.fields, expires_at: String(expiresAt) });
  const res = await fetch(`https://${STRIPE_FAKE}/v1/checkout/sessions`, { method: "POST", body, headers: { Authorization: `Bearer ${STRIPE_KEY}` } });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

describe("expiring a session that is no longer open", () => {
  it("is not an error: the client answers whether it had expired or was just paid", async () => {
    const browser = await freeBrowserWith(bindings);
    const first = sessionIdOf(await urlOf(await upgrade(browser, "pro")));
    const second = sessionIdOf(await urlOf(await upgrade(browser, "agency")));
    const customer = await customerOf(browser);
    expect((await billing.listCheckouts(customer)).map((session) => [session.id, session.status])).toEqual([[second, "open"], [first, "expired"]]);
    expect(await billing.expireCheckout(first)).toBe("expired");
    expect((await completeCheckout(second)).status).toBe(200);
    expect(await billing.expireCheckout(second)).toBe("complete");
  });
});
