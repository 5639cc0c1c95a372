import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { findUserBilling } from "../../../worker/billing/subscription-store";
import { startCheckout } from "../../../worker/billing/checkout";
import { customersToSync } from "../../../worker/billing/sweep-store";
import { runBillingSweep, SWEEP_BUDGET_MS, SWEEP_CUSTOMERS_PER_NIGHT, SWEEP_STOP_AFTER_UNREACHABLE, sweepBudgetMs } from "../../../worker/jobs/billing-sweep/billing-sweep";
import { BillingUnavailableError } from "../../../worker/upstreams/stripe/billing";
import { StripeBilling } from "../../../worker/upstreams/stripe/client";
import { PRICE_PRO, setSubscription, STRIPE_FAKE, STRIPE_KEY } from "../support/stripe";
import { PRICE_AGENCY, subscribeWorkspace, type WorkspaceSubscription } from "../support/workspace-plans";

/**
 * The nightly billing sweep re-reads from Stripe what a lost webhook could have left wrong.
 * Every customer with a live subscription (paid or able to become paid) is re-read every night,
 * those whose paid period has ended first, so a lost webhook about a paying customer costs at
 * most a day however many customers there are; customers with nothing live (canceled, or never
 * subscribed) are re-read once a week, with the budget the night leaves.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const billing = new StripeBilling({ secretKey: STRIPE_KEY, api: { protocol: "https", host: STRIPE_FAKE } });
const sweep = (nowMs: number, limit?: number) =>
  runBillingSweep(env.DB, billing, { secretKey: STRIPE_KEY, priceIdPro: PRICE_PRO, priceIdAgency: PRICE_AGENCY }, nowMs, limit);

const iso = (ms: number) => new Date(ms).toISOString();
const newWorkspace = async (): Promise<string> => {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO workspaces (id, name) VALUES (?, 'Sweep test')").bind(id).run();
  return id;
};

/** A workspace on a paid plan, its copy last read from Stripe at `syncedAt`, its period (at Stripe too) ending at `periodEnd`. */
async function payer(plan: "pro" | "agency", copy: { syncedAt: number; periodEnd?: number }): Promise<WorkspaceSubscription> {
  const subscription = await subscribeWorkspace(await newWorkspace(), plan);
  const periodEndS = Math.floor((copy.periodEnd ?? Date.now() + 30 * DAY_MS) / 1000);
  await setSubscription({ id: subscription.id, customer: subscription.customer, status: "active", periodEnd: periodEndS });
  await env.DB.prepare("UPDATE billing_subscriptions SET synced_at = ?, current_period_end = ? WHERE workspace_id = ?")
    .bind(iso(copy.syncedAt), iso(periodEndS * 1000), subscription.workspaceId)
    .run();
  return subscription;
}

/** `count` customers with nothing live (`status`: canceled, or null for one that never subscribed), read at `syncedAt`. */
async function customersWithNothingLive(count: number, syncedAt: number, status: "canceled" | null = "canceled"): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  const statements = ids.flatMap((id) => [
    env.DB.prepare("INSERT INTO workspaces (id, name) VALUES (?, 'Former customer')").bind(id),
    env.DB.prepare("INSERT INTO billing_subscriptions (workspace_id, stripe_customer_id, status, synced_at) VALUES (?, ?, ?, ?)").bind(id, `cus_${id}`, status, iso(syncedAt)),
  ]);
  await env.DB.batch(statements);
  return ids;
}

const cancelAtStripe = (sub: WorkspaceSubscription) => setSubscription({ id: sub.id, customer: sub.customer, status: "canceled" });
const statusOf = async (sub: WorkspaceSubscription) => (await findUserBilling(env.DB, sub.workspaceId)).subscription?.status;

beforeEach(async () => {
  // Each test counts the customers a night takes: none left by the one before.
  await env.DB.exec("DELETE FROM billing_subscriptions");
});

describe("the nightly billing sweep", () => {
  it("catches a paid subscription canceled with its webhook lost on the first night, however many former customers there are", async () => {
    const night = Date.now();
    await customersWithNothingLive(SWEEP_CUSTOMERS_PER_NIGHT + 100, night - 2 * DAY_MS);
    // Its period ended yesterday and its copy was read an hour ago; then it was canceled in Stripe.
    const pro = await payer("pro", { syncedAt: night - HOUR_MS, periodEnd: night - DAY_MS });
    await cancelAtStripe(pro);

    expect(await sweep(night)).toEqual({ checked: 1, changed: 1, failed: 0, liveLeft: 0 });
    expect(await statusOf(pro)).toBe("canceled");
  });

  it("re-reads every live subscription every night, however recently its copy was read", async () => {
    const night = Date.now();
    const pro = await payer("pro", { syncedAt: night - 60_000 });
    await cancelAtStripe(pro);
    expect(await sweep(night)).toMatchObject({ checked: 1, changed: 1 });
    expect(await statusOf(pro)).toBe("canceled");
  });

  it("takes live subscriptions first (period ended, then the oldest copy), then customers with nothing live not read for a week, oldest first", async () => {
    const night = Date.now();
    const recent = await payer("pro", { syncedAt: night - HOUR_MS });
    const older = await payer("agency", { syncedAt: night - 3 * DAY_MS });
    const ended = await payer("pro", { syncedAt: night - HOUR_MS, periodEnd: night - HOUR_MS });
    const [weekOld] = await customersWithNothingLive(1, night - 8 * DAY_MS);
    const [neverSubscribed] = await customersWithNothingLive(1, night - 30 * DAY_MS, null);
    await customersWithNothingLive(3, night - 6 * DAY_MS);
    // A Checkout was started and nothing has been read from Stripe since: it may have been paid.
    const neverRead = await newWorkspace();
    await env.DB.prepare("INSERT INTO billing_subscriptions (workspace_id, stripe_customer_id) VALUES (?, ?)").bind(neverRead, `cus_${neverRead}`).run();

    const order = (await customersToSync(env.DB, night, 10)).map((row) => row.userId);
    expect(order).toEqual([neverRead, ended.workspaceId, older.workspaceId, recent.workspaceId, neverSubscribed, weekOld]);
    // A night's budget goes to the live ones first.
    expect((await customersToSync(env.DB, night, 3)).map((row) => row.userId)).toEqual([neverRead, ended.workspaceId, older.workspaceId]);
  });

  it("counts as changed only the customers whose copy or quantity changed, and says how many live ones the budget left for tomorrow", async () => {
    const night = Date.now();
    const unchanged = await payer("pro", { syncedAt: night - DAY_MS });
    const canceled = await payer("pro", { syncedAt: night - DAY_MS });
    await cancelAtStripe(canceled);
    // An Agency subscription billing 3 seller accounts while the workspace has none connected (a sync Stripe refused).
    const agency = await payer("agency", { syncedAt: night - HOUR_MS });
    await setSubscription({ id: agency.id, customer: agency.customer, status: "active", priceId: PRICE_AGENCY, quantity: 3 });
    await customersWithNothingLive(2, night - 8 * DAY_MS, null);

    expect(await sweep(night)).toEqual({ checked: 5, changed: 2, failed: 0, liveLeft: 0 });
    expect(await statusOf(unchanged)).toBe("active");
    expect(await statusOf(canceled)).toBe("canceled");
    expect((await billing.retrieveSubscription(agency.id)).quantity).toBe(1);

    // The same night run again reads nothing; a night with room for one leaves the other live one for tomorrow.
    expect(await sweep(night)).toEqual({ checked: 0, changed: 0, failed: 0, liveLeft: 0 });
    expect(await sweep(night + DAY_MS, 1)).toEqual({ checked: 1, changed: 0, failed: 0, liveLeft: 1 });
    expect(await sweep(night + 2 * DAY_MS, 1)).toMatchObject({ checked: 1, liveLeft: 1 });
  });
});

describe("a returning customer who starts a Checkout", () => {
  it("is read first the next night: the session may be paid with every webhook lost", async () => {
    const now = Date.now();
    const [former] = await customersWithNothingLive(1, now - HOUR_MS);
    // Read an hour ago with nothing live: not due for a week.
    expect(await customersToSync(env.DB, now, 10)).toEqual([]);
    const start = { userId: former!, storedCustomerId: `cus_${former}`, proPriceId: PRICE_PRO, priceId: PRICE_PRO, quantity: 1, siteOrigin: "https://ranklayer.example", nowMs: now };
    expect((await startCheckout(env.DB, billing, start)).kind).toBe("url");
    expect(await customersToSync(env.DB, now, 10)).toEqual([{ userId: former, customerId: expect.any(String) }]);
  });
});

describe("a night Stripe does not answer", () => {
  /** The client with every call failing as an unreachable Stripe's do, after its timeout and retry. */
  const unreachable = (calls: { n: number }) =>
    new Proxy(billing, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== "function") return value;
        return () => {
          calls.n += 1;
          return Promise.reject(new BillingUnavailableError("Stripe did not answer within the timeout"));
        };
      },
    });
  const settings = { secretKey: STRIPE_KEY, priceIdPro: PRICE_PRO, priceIdAgency: PRICE_AGENCY };

  it(`stops after ${SWEEP_STOP_AFTER_UNREACHABLE} customers in a row, so the cron's retention still runs`, async () => {
    const now = Date.now();
    for (let i = 0; i < 12; i++) await payer("pro", { syncedAt: now - 2 * DAY_MS });
    const calls = { n: 0 };
    const summary = await runBillingSweep(env.DB, unreachable(calls), settings, now);
    expect(summary).toMatchObject({ checked: SWEEP_STOP_AFTER_UNREACHABLE, failed: SWEEP_STOP_AFTER_UNREACHABLE, stopped: "stripe_unreachable" });
    expect(calls.n).toBe(SWEEP_STOP_AFTER_UNREACHABLE);
    // Stripe back the next night: every customer is read.
    expect(await sweep(now + DAY_MS)).toMatchObject({ checked: 12, failed: 0 });
  });

  it("stops when its share of the run's time is spent", async () => {
    const now = Date.now();
    for (let i = 0; i < 4; i++) await payer("pro", { syncedAt: now - 2 * DAY_MS });
    let clockMs = 0;
    // Each customer read takes three minutes of the budget.
    const clock = () => (clockMs += 3 * 60 * 1000) - 3 * 60 * 1000;
    const summary = await runBillingSweep(env.DB, billing, settings, now, SWEEP_CUSTOMERS_PER_NIGHT, clock);
    expect(summary).toMatchObject({ stopped: "time_budget", failed: 0 });
    expect(summary!.checked).toBe(Math.ceil(SWEEP_BUDGET_MS / (3 * 60 * 1000)) - 1);
  });

  it("in a 02:30 run whose check and reports took minutes, gets only what is left before retention's time", async () => {
    const start = Date.UTC(2026, 10, 22, 2, 30);
    const minutes = (n: number) => n * 60 * 1000;
    expect(sweepBudgetMs(start, start + minutes(1))).toBe(SWEEP_BUDGET_MS);
    expect(sweepBudgetMs(start, start + minutes(9))).toBe(minutes(2));
    expect(sweepBudgetMs(start, start + minutes(12))).toBe(0);

    const now = Date.now();
    await payer("pro", { syncedAt: now - 2 * DAY_MS });
    const summary = await runBillingSweep(env.DB, billing, settings, now, SWEEP_CUSTOMERS_PER_NIGHT, Date.now, 0);
    expect(summary).toMatchObject({ checked: 0, stopped: "time_budget" });
  });
});
