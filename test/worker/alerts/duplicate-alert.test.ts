import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AlertView } from "../../../worker/contract/alerts";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { proBrowser } from "../history/accounts";

const RULE = { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, marketplace: "US" };

async function demoUser(): Promise<TestBrowser> {
  const browser = new TestBrowser(demoEnv());
  await browser.signInDemo();
  return browser;
}

async function alertCount(browser: TestBrowser): Promise<number> {
  return (await (await browser.request("/api/alerts")).json<{ alerts: AlertView[] }>()).alerts.length;
}

describe("an identical alert rule on one account", () => {
  it("is refused with 409 and a clear detail; the first alert stays the only one", async () => {
    const browser = await demoUser();
    expect((await browser.json("/api/alerts", "POST", RULE)).status).toBe(201);
    const again = await browser.json("/api/alerts", "POST", RULE);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      detail: "You already have a rank_above alert for B08N5WRWNW (US) and threshold 500. Edit that one instead.",
      code: "conflict",
    });
    expect(await alertCount(browser)).toBe(1);
  });

  it("counts a paused alert as the same rule, and buybox_lost compares without a threshold", async () => {
    const browser = await demoUser();
    const created = await browser.json("/api/alerts", "POST", RULE);
    const { alert } = await created.json<{ alert: AlertView }>();
    await browser.json(`/api/alerts/${alert.id}`, "PATCH", { paused: true });
    expect((await browser.json("/api/alerts", "POST", RULE)).status).toBe(409);

    const buybox = { asin: "B08N5WRWNW", conditionType: "buybox_lost", marketplace: "US" };
    expect((await browser.json("/api/alerts", "POST", buybox)).status).toBe(201);
    const res = await browser.json("/api/alerts", "POST", buybox);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: "You already have a buybox_lost alert for B08N5WRWNW (US). Edit that one instead.", code: "conflict" });
  });

  it("allows a rule that differs in threshold, condition, marketplace or ASIN, and the same rule on another account", async () => {
    // Pro: the UK variant needs a plan with more marketplaces than Free's US.
    const browser = await proBrowser();
    for (const rule of [RULE, { ...RULE, threshold: 501 }, { ...RULE, conditionType: "rank_drop", threshold: 20 }, { ...RULE, marketplace: "UK" }, { ...RULE, asin: "B000000001" }]) {
      const res = await browser.json("/api/alerts", "POST", rule);
      expect(res.status, JSON.stringify(rule)).toBe(201);
    }
    expect((await (await demoUser()).json("/api/alerts", "POST", RULE)).status).toBe(201);
  });

  it("refuses an edit that would make two alerts the same rule", async () => {
    const browser = await demoUser();
    await browser.json("/api/alerts", "POST", RULE);
    const other = await (await browser.json("/api/alerts", "POST", { ...RULE, threshold: 900 })).json<{ alert: AlertView }>();
    const res = await browser.json(`/api/alerts/${other.alert.id}`, "PATCH", { threshold: 500 });
    expect(res.status).toBe(409);
    const { results } = await env.DB.prepare("SELECT threshold FROM alerts WHERE id = ?").bind(other.alert.id).all<{ threshold: number }>();
    expect(results).toEqual([{ threshold: 900 }]);
  });

  // POST tells "on any seller account" from "on this one": the edit must too, or it refuses what creating allows.
  it("lets an edit give an any-connection stock alert the threshold of one on a single connection, as creating it would", async () => {
    const browser = await demoUser();
    const connections = await (await browser.request("/api/connections")).json<{ connections: { id: string }[] }>();
    const connectionId = connections.connections[0]!.id;
    const stock = { asin: "B000000001", conditionType: "low_stock", marketplace: "US" };
    expect((await browser.json("/api/alerts", "POST", { ...stock, threshold: 10, connectionId })).status).toBe(201);
    const anyConnection = await (await browser.json("/api/alerts", "POST", { ...stock, threshold: 5 })).json<{ alert: AlertView }>();

    const res = await browser.json(`/api/alerts/${anyConnection.alert.id}`, "PATCH", { threshold: 10 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ alert: { threshold: 10 } });
    // And the same rule on any connection is still refused, by either route.
    expect((await browser.json("/api/alerts", "POST", { ...stock, threshold: 10 })).status).toBe(409);
  });

  it("makes one alert when the same rule is posted ten times at once", async () => {
    const browser = await demoUser();
    await browser.request("/api/auth/xsrf");
    const answers = await Promise.all(Array.from({ length: 10 }, () => browser.json("/api/alerts", "POST", { ...RULE, threshold: 777 })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await alertCount(browser)).toBe(1);
  });
});
