import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FREE_PLAN, PRO_PLAN } from "../../../worker/contract/plans";
import type { AlertList, AlertView } from "../../../worker/contract/alerts";
import { connectSeller, demoEnv, registerLwaClient, sellerEnv, TestBrowser } from "../support/seller-browser";

const RANK_ALERT = { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, marketplace: "US" };

/** A demo account (seller data) switched to demo Pro: it starts on Free like anyone. */
async function demoUser(): Promise<TestBrowser> {
  const browser = new TestBrowser(demoEnv());
  await browser.signInDemo();
  expect((await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" })).status).toBe(200);
  return browser;
}

/** A seller who connected, then disconnected: signed in, on the Free plan, without seller data. */
async function freeUser(): Promise<TestBrowser> {
  const bindings = sellerEnv();
  await registerLwaClient(bindings);
  const { browser, callback } = await connectSeller(new TestBrowser(bindings));
  expect(callback.status).toBe(302);
  expect((await browser.request("/api/connection", { method: "DELETE" })).status).toBe(204);
  return browser;
}

async function create(browser: TestBrowser, body: Record<string, unknown> = RANK_ALERT): Promise<AlertView> {
  const res = await browser.json("/api/alerts", "POST", body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ alert: AlertView }>()).alert;
}

const list = async (browser: TestBrowser) => (await browser.request("/api/alerts")).json<AlertList>();

describe("the Alerts API needs a session and the XSRF header", () => {
  it("401 with a detail for every route when signed out", async () => {
    const anonymous = new TestBrowser(demoEnv());
    const answers = [
      await anonymous.request("/api/alerts"),
      await anonymous.json("/api/alerts", "POST", RANK_ALERT),
      await anonymous.json("/api/alerts/some-id", "PATCH", { paused: true }),
      await anonymous.request("/api/alerts/some-id", { method: "DELETE" }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: expect.stringContaining("Sign in"), code: "unauthenticated" });
    }
  });

  it("403 for a state change without the XSRF header, and nothing changes", async () => {
    const browser = await demoUser();
    const alert = await create(browser);
    const post = await browser.json("/api/alerts", "POST", RANK_ALERT, { omitXsrfHeader: true });
    const patch = await browser.json(`/api/alerts/${alert.id}`, "PATCH", { paused: true }, { omitXsrfHeader: true });
    const del = await browser.request(`/api/alerts/${alert.id}`, { method: "DELETE", omitXsrfHeader: true });
    expect([post.status, patch.status, del.status]).toEqual([403, 403, 403]);
    expect((await list(browser)).alerts).toEqual([alert]);
  });
});

describe("POST /api/alerts", () => {
  it("creates an active alert with the fields the API documents and lists it", async () => {
    const browser = await demoUser();
    const alert = await create(browser, { ...RANK_ALERT, asin: " b08n5wrwnw ", email_enabled: false });
    expect(alert).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      asin: "B08N5WRWNW",
      conditionType: "rank_above",
      threshold: 500,
      marketplace: "US",
      email_enabled: false,
      in_app_enabled: true,
      last_triggered: null,
      paused: false,
      paused_reason: null,
      last_result: null,
      last_result_source: null,
      last_checked_day: null,
      created_at: expect.any(String),
    });
    expect(await list(browser)).toEqual({ alerts: [alert], active: 1, activeLimit: PRO_PLAN.activeAlertLimit, next_cursor: null });
  });

  it("stores no threshold for buybox_lost, whether it is left out or null", async () => {
    const browser = await demoUser();
    const alert = await create(browser, { asin: "B000000001", conditionType: "buybox_lost", marketplace: "UK" });
    expect(alert).toMatchObject({ conditionType: "buybox_lost", threshold: null, marketplace: "UK" });
    const withNull = await create(browser, { asin: "B000000002", conditionType: "buybox_lost", marketplace: "UK", threshold: null });
    expect(withNull).toMatchObject({ threshold: null });
  });

  // The same refusal as PATCH gives for a threshold on a buybox_lost alert: no silently dropped input.
  it("422 for a threshold on a buybox_lost alert, and nothing is stored", async () => {
    const browser = await demoUser();
    const res = await browser.json("/api/alerts", "POST", { asin: "B000000001", conditionType: "buybox_lost", marketplace: "UK", threshold: 7 });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: [{ loc: ["json", "threshold"], msg: "buybox_lost alerts take no threshold", type: "custom" }], code: "validation_failed" });
    expect((await list(browser)).alerts).toEqual([]);
  });

  // A rank or price alert is the workspace's: tied to a connection it would be deleted with it.
  it.each(["rank_above", "rank_drop", "price_change"])("422 for a connectionId on a %s alert, and nothing is stored", async (conditionType) => {
    const browser = await demoUser();
    const res = await browser.json("/api/alerts", "POST", { ...RANK_ALERT, conditionType, connectionId: "some-connection" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [{ loc: ["json", "connectionId"], msg: "connectionId applies only to low_stock and buybox_lost alerts", type: "custom" }],
      code: "validation_failed",
    });
    expect((await list(browser)).alerts).toEqual([]);
  });

  it.each([
    ["a missing ASIN", { ...RANK_ALERT, asin: undefined }, "asin"],
    ["a malformed ASIN", { ...RANK_ALERT, asin: "B08N5" }, "asin"],
    ["an unknown condition", { ...RANK_ALERT, conditionType: "rank_below" }, "conditionType"],
    ["a missing threshold", { ...RANK_ALERT, threshold: undefined }, "threshold"],
    ["a fractional threshold", { ...RANK_ALERT, threshold: 2.5 }, "threshold"],
    ["a threshold of 0", { ...RANK_ALERT, threshold: 0 }, "threshold"],
    ["a threshold given as text", { ...RANK_ALERT, threshold: "500" }, "threshold"],
    ["an unknown marketplace", { ...RANK_ALERT, marketplace: "BR" }, "marketplace"],
    ["a non-boolean channel", { ...RANK_ALERT, email_enabled: "yes" }, "email_enabled"],
    ["a non-boolean in-app channel", { ...RANK_ALERT, in_app_enabled: 1 }, "in_app_enabled"],
  ])("422 with a detail for %s, and nothing is stored", async (_name, body, field) => {
    const browser = await demoUser();
    const res = await browser.json("/api/alerts", "POST", body);
    expect(res.status).toBe(422);
    const { detail } = await res.json<{ detail: { loc: string[]; msg: string }[] }>();
    expect(detail.map((d) => d.loc)).toContainEqual(["json", field]);
    expect(detail.every((d) => d.msg.length > 0)).toBe(true);
    expect((await list(browser)).alerts).toEqual([]);
  });

  it("stops at the Free plan's active-alert limit with a 403 detail", async () => {
    const browser = await freeUser();
    for (let i = 0; i < 5; i++) await create(browser, { ...RANK_ALERT, threshold: 100 + i });
    const res = await browser.json("/api/alerts", "POST", RANK_ALERT);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: "Your Free plan allows 5 active alerts. Pause or delete one first. Upgrade to Pro at /billing to lift it.", code: "plan_limit" });
    expect(await list(browser)).toMatchObject({ active: 5, activeLimit: FREE_PLAN.activeAlertLimit });
  });

  it("counts only active alerts towards the limit", async () => {
    const browser = await freeUser();
    // Distinct thresholds: an identical rule would be refused as a duplicate.
    const first = await create(browser);
    for (let i = 0; i < 4; i++) await create(browser, { ...RANK_ALERT, threshold: 100 + i });
    await browser.json(`/api/alerts/${first.id}`, "PATCH", { paused: true });
    await create(browser, { ...RANK_ALERT, threshold: 200 });
    expect(await list(browser)).toMatchObject({ active: 5 });
    expect((await list(browser)).alerts).toHaveLength(6);
  });

  it.each(["low_stock", "buybox_lost"])("403 for %s without a connected seller account; the demo may", async (conditionType) => {
    const body = { asin: "B000000001", conditionType, threshold: conditionType === "low_stock" ? 10 : null, marketplace: "US" };
    const res = await (await freeUser()).json("/api/alerts", "POST", body);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: `${conditionType} alerts need a connected seller account (or the demo).`, code: "forbidden" });
    expect((await (await demoUser()).json("/api/alerts", "POST", body)).status).toBe(201);
  });
});

describe("PATCH /api/alerts/:id", () => {
  it("changes threshold, channels and paused, and returns the alert", async () => {
    const browser = await demoUser();
    const alert = await create(browser);
    const res = await browser.json(`/api/alerts/${alert.id}`, "PATCH", { threshold: 250, in_app_enabled: false, paused: true });
    expect(res.status).toBe(200);
    const { alert: updated } = await res.json<{ alert: AlertView }>();
    expect(updated).toEqual({ ...alert, threshold: 250, in_app_enabled: false, paused: true });
    expect((await list(browser)).alerts).toEqual([updated]);
  });

  it.each([
    ["an empty patch", {}, []],
    ["a fractional threshold", { threshold: 1.5 }, ["json", "threshold"]],
    ["a null threshold", { threshold: null }, ["json", "threshold"]],
    ["a text paused flag", { paused: "true" }, ["json", "paused"]],
    ["a numeric email flag", { email_enabled: 0 }, ["json", "email_enabled"]],
    ["a text in-app flag", { in_app_enabled: "no" }, ["json", "in_app_enabled"]],
  ])("422 with a detail for %s", async (_name, body, loc) => {
    const browser = await demoUser();
    const alert = await create(browser);
    const res = await browser.json(`/api/alerts/${alert.id}`, "PATCH", body);
    expect(res.status).toBe(422);
    const { detail } = await res.json<{ detail: { loc: string[] }[] }>();
    expect(detail.map((d) => d.loc)).toContainEqual(loc.length ? loc : ["json"]);
    expect((await list(browser)).alerts).toEqual([alert]);
  });

  it("422 for a threshold on a buybox_lost alert", async () => {
    const browser = await demoUser();
    const alert = await create(browser, { asin: "B000000001", conditionType: "buybox_lost", marketplace: "US" });
    const res = await browser.json(`/api/alerts/${alert.id}`, "PATCH", { threshold: 3 });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: [{ loc: ["json", "threshold"], msg: "buybox_lost alerts take no threshold", type: "custom" }], code: "validation_failed" });
  });

  // As POST: a null threshold is what a buybox_lost alert has, and what every other condition may not have.
  it("200 for a null threshold on a buybox_lost alert, which keeps none; 422 with POST's message on a rank alert", async () => {
    const browser = await demoUser();
    const buyBox = await create(browser, { asin: "B000000001", conditionType: "buybox_lost", marketplace: "US" });
    const res = await browser.json(`/api/alerts/${buyBox.id}`, "PATCH", { threshold: null, email_enabled: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ alert: { threshold: null, email_enabled: false } });

    const rank = await create(browser);
    const refused = await browser.json(`/api/alerts/${rank.id}`, "PATCH", { threshold: null });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ detail: [{ loc: ["json", "threshold"], msg: "Threshold is required for this condition", type: "custom" }], code: "validation_failed" });
    expect((await list(browser)).alerts.find((alert) => alert.id === rank.id)).toEqual(rank);
  });

  // Dropped, they answered 200 with the alert unchanged, as if the move to DE had been made.
  it("422 naming the fields an edit cannot change (ASIN, marketplace, condition, seller account), and nothing changes", async () => {
    const browser = await demoUser();
    const alert = await create(browser);
    const res = await browser.json(`/api/alerts/${alert.id}`, "PATCH", { threshold: 900, marketplace: "DE", conditionType: "rank_drop" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      detail: [
        {
          loc: ["json"],
          msg: "An alert's marketplace, conditionType cannot be changed: send threshold, email_enabled, in_app_enabled or paused, or create a new alert for another rule",
          type: "unrecognized_keys",
        },
      ],
      code: "validation_failed",
    });
    expect((await list(browser)).alerts).toEqual([alert]);
  });

  it("refuses to un-pause past the plan's limit, and allows it once a place is free", async () => {
    const browser = await freeUser();
    const paused = await create(browser);
    await browser.json(`/api/alerts/${paused.id}`, "PATCH", { paused: true });
    const active = [];
    for (let i = 0; i < 5; i++) active.push(await create(browser, { ...RANK_ALERT, threshold: 100 + i }));

    const refused = await browser.json(`/api/alerts/${paused.id}`, "PATCH", { paused: false });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: "Your Free plan allows 5 active alerts. Pause or delete one first. Upgrade to Pro at /billing to lift it.", code: "plan_limit" });
    // Other changes to a paused alert are still allowed at the limit.
    expect((await browser.json(`/api/alerts/${paused.id}`, "PATCH", { threshold: 42 })).status).toBe(200);

    await browser.request(`/api/alerts/${active[0]?.id}`, { method: "DELETE" });
    const res = await browser.json(`/api/alerts/${paused.id}`, "PATCH", { paused: false });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ alert: { paused: false, threshold: 42 } });
  });

  it("refuses to un-pause a seller-only alert after the seller disconnected", async () => {
    const bindings = sellerEnv();
    await registerLwaClient(bindings);
    const { browser } = await connectSeller(new TestBrowser(bindings));
    const alert = await create(browser, { asin: "B000000001", conditionType: "low_stock", threshold: 5, marketplace: "US" });
    await browser.json(`/api/alerts/${alert.id}`, "PATCH", { paused: true });
    await browser.request("/api/connection", { method: "DELETE" });
    const res = await browser.json(`/api/alerts/${alert.id}`, "PATCH", { paused: false });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ detail: "low_stock alerts need a connected seller account (or the demo).", code: "forbidden" });
  });

  it("404 for an unknown id", async () => {
    const res = await (await demoUser()).json(`/api/alerts/${crypto.randomUUID()}`, "PATCH", { paused: true });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: "No such alert.", code: "not_found" });
  });
});

describe("DELETE /api/alerts/:id", () => {
  it("204, then the alert is gone; a second delete is 404", async () => {
    const browser = await demoUser();
    const alert = await create(browser);
    expect((await browser.request(`/api/alerts/${alert.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await list(browser)).alerts).toEqual([]);
    expect((await browser.request(`/api/alerts/${alert.id}`, { method: "DELETE" })).status).toBe(404);
  });
});

describe("one user never reaches another's alerts", () => {
  it("B cannot list, patch, un-pause or delete A's alert: 404, and A's alert is unchanged", async () => {
    const alice = await demoUser();
    const bob = await demoUser();
    const alert = await create(alice);
    await alice.json(`/api/alerts/${alert.id}`, "PATCH", { paused: true });

    expect(await list(bob)).toEqual({ alerts: [], active: 0, activeLimit: PRO_PLAN.activeAlertLimit, next_cursor: null });
    for (const body of [{ threshold: 1 }, { paused: false }]) {
      const res = await bob.json(`/api/alerts/${alert.id}`, "PATCH", body);
      expect(res.status).toBe(404);
    }
    expect((await bob.request(`/api/alerts/${alert.id}`, { method: "DELETE" })).status).toBe(404);

    const row = await env.DB.prepare("SELECT threshold, paused FROM alerts WHERE id = ?").bind(alert.id).first();
    expect(row).toEqual({ threshold: 500, paused: 1 });
    expect((await list(alice)).alerts).toHaveLength(1);
  });
});
