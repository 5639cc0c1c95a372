import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AlertList } from "../../../worker/contract/alerts";
import type { WatchlistResponse } from "../../../worker/contract/history";
import { userTrackedAsinsPage } from "../../../worker/jobs/nightly-run/tracked-store";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import type { TestBrowser } from "../support/seller-browser";
import { deliver, PRICE_PRO, setSubscription, stripeEnv, stripeEvent } from "../support/stripe";
import { subscriptionObject } from "../../fakes/stripe-calls";
import { clearOfMinuteEnd } from "../support/minute-window";
import { pastIsolateCopies } from "../support/isolate-copies";

const bindings = stripeEnv();
const MARKETPLACES = ["US", "CA", "MX", "UK", "DE", "FR", "IT", "ES", "JP"];

/** A Stripe customer whose subscription status the test moves through webhooks. */
async function subscriber() {
  const browser = await freeBrowserWith(bindings);
  const userId = userIdOf(browser);
  await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
  const { stripe_customer_id: customer } = await (await browser.request("/api/billing/subscription")).json<{ stripe_customer_id: string }>();
  const id = `sub_${crypto.randomUUID().slice(0, 12)}`;
  let created = Math.floor(Date.now() / 1000) - 1000;
  const move = async (status: string) => {
    await setSubscription({ id, customer, status, priceId: PRICE_PRO, userId });
    created += 1;
    const res = await deliver(bindings, stripeEvent("customer.subscription.updated", subscriptionObject({ id, customer, status }), created));
    expect(await res.json()).toMatchObject({ outcome: "applied" });
  };
  return { browser, userId, move };
}

const day = (n: number) => `2026-01-${String(n).padStart(2, "0")}T00:00:00.000Z`;
let asinSerial = 0;
const newAsin = () => `B${String(++asinSerial).padStart(3, "0")}${crypto.randomUUID().replace(/-/g, "").slice(0, 6).toUpperCase()}`;

/** Rows with known ages, so "the newest" is unambiguous. */
async function seedAlert(userId: string, id: string, createdDay: number, marketplace = "US", paused = false) {
  await env.DB.prepare(
    "INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, paused, created_at) VALUES (?, ?, ?, ?, 'rank_above', 500, ?, ?)",
  ).bind(id, userId, newAsin(), marketplace, paused ? 1 : 0, day(createdDay)).run();
}
async function seedWatch(userId: string, asin: string, createdDay: number, marketplace = "US") {
  await env.DB.prepare("INSERT INTO watchlist (workspace_id, asin, marketplace, created_at) VALUES (?, ?, ?, ?)")
    .bind(userId, asin, marketplace, day(createdDay)).run();
}

const alertsOf = async (browser: TestBrowser) => (await browser.request("/api/alerts")).json<AlertList>();
const watchOf = async (browser: TestBrowser) => (await browser.request("/api/watchlist")).json<WatchlistResponse>();

describe("downgrade pauses what is past the Free limits; upgrading resumes exactly that", () => {
  it("alerts: the newest past 5 and those outside US are paused (plan_limit), user-paused ones stay; upgrade resumes", async () => {
    const { browser, userId, move } = await subscriber();
    await move("active");
    for (let i = 1; i <= 7; i++) await seedAlert(userId, `${userId}-a${i}`, i);
    await seedAlert(userId, `${userId}-de`, 8, "DE");
    await seedAlert(userId, `${userId}-mine`, 9, "US", true);
    expect((await alertsOf(browser)).active).toBe(8);

    await move("canceled");
    const after = await alertsOf(browser);
    expect(after.activeLimit).toBe(5);
    const state = Object.fromEntries(after.alerts.map((a) => [a.id.slice(userId.length + 1), [a.paused, a.paused_reason]]));
    expect(state).toEqual({
      a1: [false, null], a2: [false, null], a3: [false, null], a4: [false, null], a5: [false, null],
      a6: [true, "plan_limit"], a7: [true, "plan_limit"], de: [true, "plan_limit"], mine: [true, null],
    });
    // Nothing was deleted, and Free refuses a sixth active alert, naming the way up.
    const sixth = await browser.json("/api/alerts", "POST", { asin: newAsin(), conditionType: "rank_above", threshold: 5, marketplace: "US" });
    expect(sixth.status).toBe(403);
    expect((await sixth.json<{ detail: string }>()).detail).toContain("/billing");

    await move("active");
    const resumed = Object.fromEntries((await alertsOf(browser)).alerts.map((a) => [a.id.slice(userId.length + 1), [a.paused, a.paused_reason]]));
    expect(resumed).toEqual({
      a1: [false, null], a2: [false, null], a3: [false, null], a4: [false, null], a5: [false, null],
      a6: [false, null], a7: [false, null], de: [false, null], mine: [true, null],
    });
    const accepted = await browser.json("/api/alerts", "POST", { asin: newAsin(), conditionType: "rank_above", threshold: 5, marketplace: "DE" });
    expect(accepted.status).toBe(201);
  });

  it("alerts paused outside Free's marketplaces (by the user, or by the downgrade and then by the user) are not fetched; an upgrade resumes only what the downgrade paused", async () => {
    const { browser, userId, move } = await subscriber();
    await move("active");
    await seedAlert(userId, `${userId}-us`, 1);
    await seedAlert(userId, `${userId}-mine`, 2, "DE", true);
    await seedAlert(userId, `${userId}-later`, 3, "DE");
    await seedAlert(userId, `${userId}-plan`, 4, "FR");
    const tracked = async () => (await userTrackedAsinsPage(env.DB, userId, MARKETPLACES, null, 100)).map((k) => k.marketplace).sort();
    const state = async () => Object.fromEntries((await alertsOf(browser)).alerts.map((a) => [a.id.slice(userId.length + 1), [a.paused, a.paused_reason]]));
    expect(await tracked()).toEqual(["DE", "DE", "FR", "US"]);

    await move("canceled");
    expect(await state()).toEqual({ us: [false, null], mine: [true, null], later: [true, "plan_limit"], plan: [true, "plan_limit"] });
    expect(await tracked()).toEqual(["US"]);
    // The user pauses, in their own name, an alert the downgrade stopped: still nothing fetched outside US.
    expect((await browser.json(`/api/alerts/${userId}-later`, "PATCH", { paused: true })).status).toBe(200);
    expect(await state()).toEqual({ us: [false, null], mine: [true, null], later: [true, null], plan: [true, "plan_limit"] });
    expect(await tracked()).toEqual(["US"]);

    // Pro again: what the downgrade paused runs again; the user's pauses stay, fetched again so their history goes on.
    await move("active");
    expect(await state()).toEqual({ us: [false, null], mine: [true, null], later: [true, null], plan: [false, null] });
    expect(await tracked()).toEqual(["DE", "DE", "FR", "US"]);
  });

  it("watchlist: entries past 25 and outside US stay listed, flagged, and are not snapshotted until an upgrade", async () => {
    const { browser, userId, move } = await subscriber();
    await move("trialing");
    const asins = Array.from({ length: 27 }, () => newAsin());
    for (const [i, asin] of asins.entries()) await seedWatch(userId, asin, i + 1);
    const german = newAsin();
    await seedWatch(userId, german, 28, "DE");
    const tracked = async () => (await userTrackedAsinsPage(env.DB, userId, MARKETPLACES, null, 100)).map((k) => `${k.marketplace}:${k.asin}`);
    expect(await tracked()).toHaveLength(28);

    await move("unpaid");
    const items = (await watchOf(browser)).items;
    expect(items).toHaveLength(28);
    const paused = items.filter((entry) => entry.paused).map((entry) => `${entry.marketplace}:${entry.asin}`);
    expect(paused.sort()).toEqual([`US:${asins[25]}`, `US:${asins[26]}`, `DE:${german}`].sort());
    expect(items.filter((entry) => entry.paused).every((entry) => entry.paused_reason === "plan_limit")).toBe(true);
    expect((await tracked()).sort()).toEqual(asins.slice(0, 25).map((asin) => `US:${asin}`).sort());

    await move("active");
    expect((await watchOf(browser)).items.every((entry) => !entry.paused && entry.paused_reason === null)).toBe(true);
    expect(await tracked()).toHaveLength(28);
  });
});

describe("Enterprise, assigned by hand", () => {
  it("a D1 row makes the user Enterprise, whatever the subscription, and resumes what Free paused", async () => {
    const { browser, userId, move } = await subscriber();
    await move("active");
    for (let i = 1; i <= 6; i++) await seedAlert(userId, `${userId}-e${i}`, i);
    await move("canceled");
    expect((await alertsOf(browser)).active).toBe(5);

    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?, 'contract 42')").bind(userId).run();
    pastIsolateCopies();
    const subscription = await (await browser.request("/api/billing/subscription")).json<{ plan_name: string }>();
    expect(subscription.plan_name).toBe("Enterprise");
    expect(await alertsOf(browser)).toMatchObject({ active: 6, activeLimit: null });
    const checkout = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
    expect(checkout.status).toBe(409);
  });
});

describe("every limit of plans.ts is enforced for signed-in users", () => {
  it("marketplaces: Free watches and alerts on US only (403 naming /billing); Pro on every marketplace", async () => {
    const { browser, move } = await subscriber();
    for (const [path, body] of [
      ["/api/watchlist", { asin: newAsin(), marketplace: "DE" }],
      ["/api/alerts", { asin: newAsin(), conditionType: "rank_above", threshold: 10, marketplace: "JP" }],
    ] as const) {
      const refused = await browser.json(path, "POST", body);
      expect(refused.status).toBe(403);
      expect((await refused.json<{ detail: string }>()).detail).toMatch(/Free plan covers the US marketplace only.*Upgrade to Pro at \/billing/);
    }
    expect((await browser.json("/api/watchlist", "POST", { asin: newAsin(), marketplace: "US" })).status).toBe(201);
    await move("active");
    expect((await browser.json("/api/watchlist", "POST", { asin: newAsin(), marketplace: "DE" })).status).toBe(201);
    expect((await browser.json("/api/alerts", "POST", { asin: newAsin(), conditionType: "rank_above", threshold: 10, marketplace: "JP" })).status).toBe(201);
  });

  it("history days: 7 on Free, 90 on Pro", async () => {
    const { browser, move } = await subscriber();
    const ninety = `/api/history?asin=${newAsin()}&marketplace=US&range=90d`;
    expect((await browser.request(ninety)).status).toBe(403);
    await move("past_due");
    expect((await browser.request(ninety)).status).toBe(200);
  });

  it("monthly lookups: Free stops at the quota (429 naming /billing); Pro has none, the per-minute limit stays", async () => {
    const limited = stripeEnv({ LOOKUP_LIMIT_PER_MONTH: "2", LOOKUP_LIMIT_PER_MINUTE: "4" });
    const free = await freeBrowserWith(limited);
    const lookup = (browser: TestBrowser) => browser.request(`/api/v1/lookup?asin=${newAsin()}`);
    expect((await lookup(free)).status).toBe(200);
    expect((await lookup(free)).status).toBe(200);
    const over = await lookup(free);
    expect(over.status).toBe(429);
    expect((await over.json<{ detail: string }>()).detail).toMatch(/Monthly lookup limit.*\/billing/);

    const { browser: proUser, move } = await subscriber();
    await move("active");
    proUser.bindings = limited;
    await clearOfMinuteEnd();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await lookup(proUser)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });
});
