import { describe, expect, it } from "vitest";
import { demoEnv, TestBrowser } from "../support/seller-browser";

const DEFAULTS = {
  notifications: { emailAlerts: true, inAppAlerts: true, weeklyReport: false, rankDrops: true, buyBoxLoss: true },
  dataRefresh: { frequency: "daily", marketplace: "US" },
};
const CHANGED = {
  notifications: { emailAlerts: false, inAppAlerts: true, weeklyReport: true, rankDrops: false, buyBoxLoss: true },
  dataRefresh: { frequency: "manual", marketplace: "DE" },
};

async function signedIn() {
  const browser = new TestBrowser(demoEnv());
  await browser.signInDemo();
  return browser;
}

describe("POST /api/onboarding", () => {
  it("401 without a session", async () => {
    const res = await new TestBrowser(demoEnv()).json("/api/onboarding", "POST", { marketplace: "US" });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ detail: expect.stringContaining("Sign in") });
  });

  it("saves the marketplace and brand and returns the user status", async () => {
    const browser = await signedIn();
    const res = await browser.json("/api/onboarding", "POST", { marketplace: "fr", brandName: "  Acme Labs " });
    expect(res.status).toBe(200);
    const saved = { authenticated: true, connected: false, marketplace: "FR", brandName: "Acme Labs", demo: true, onboarded: true };
    expect(await res.json()).toEqual(saved);
    expect(await (await browser.request("/api/user/status")).json()).toEqual(saved);
  });

  it.each([
    ["a blank brand", "   "],
    ["no brand", undefined],
    ["a null brand", null],
  ])("stores %s as null", async (_name, brandName) => {
    const browser = await signedIn();
    const res = await browser.json("/api/onboarding", "POST", { marketplace: "US", brandName });
    expect(await res.json()).toMatchObject({ brandName: null, onboarded: true });
  });

  it.each([
    [{ marketplace: "JP" }, "marketplace"],
    [{ marketplace: 1 }, "marketplace"],
    [{}, "marketplace"],
    [{ marketplace: "US", brandName: "x".repeat(101) }, "brandName"],
    [{ marketplace: "US", brandName: 7 }, "brandName"],
  ])("422 for %j", async (body, field) => {
    const browser = await signedIn();
    const res = await browser.json("/api/onboarding", "POST", body);
    expect(res.status).toBe(422);
    const { detail } = await res.json<{ detail: { loc: string[] }[] }>();
    expect(detail[0]?.loc).toEqual(["json", field]);
  });
});

describe("GET and PUT /api/settings", () => {
  it("401 without a session", async () => {
    const anonymous = new TestBrowser(demoEnv());
    expect((await anonymous.request("/api/settings")).status).toBe(401);
    expect((await anonymous.json("/api/settings", "PUT", CHANGED)).status).toBe(401);
    expect((await anonymous.request("/api/connection", { method: "DELETE" })).status).toBe(401);
  });

  it("starts from the defaults and shows a demo connection", async () => {
    const res = await (await signedIn()).request("/api/settings");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ...DEFAULTS,
      connection: { connected: false, demo: true, sellingPartnerId: null, region: null, grantedAt: null, renewalDueAt: null },
    });
  });

  it("saves both groups and returns them; they survive a new session of the same account", async () => {
    const browser = await signedIn();
    const res = await browser.json("/api/settings", "PUT", CHANGED);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject(CHANGED);

    await browser.request("/api/auth/logout", { method: "POST" });
    await browser.signInDemo(); // the same demo account, a new session
    expect(await (await browser.request("/api/settings")).json()).toMatchObject(CHANGED);
  });

  it.each([
    ["a missing group", { notifications: CHANGED.notifications }, ["json", "dataRefresh"]],
    ["a missing toggle", { ...CHANGED, notifications: { emailAlerts: true } }, ["json", "notifications", "inAppAlerts"]],
    ["a string toggle", { ...CHANGED, notifications: { ...CHANGED.notifications, rankDrops: "yes" } }, ["json", "notifications", "rankDrops"]],
    ["an unknown frequency", { ...CHANGED, dataRefresh: { frequency: "weekly", marketplace: "US" } }, ["json", "dataRefresh", "frequency"]],
    ["a marketplace the tab does not offer", { ...CHANGED, dataRefresh: { frequency: "daily", marketplace: "FR" } }, ["json", "dataRefresh", "marketplace"]],
  ])("422 for %s, and nothing is saved", async (_name, body, loc) => {
    const browser = await signedIn();
    const res = await browser.json("/api/settings", "PUT", body);
    expect(res.status).toBe(422);
    const { detail } = await res.json<{ detail: { loc: string[] }[] }>();
    expect(detail.map((d) => d.loc)).toContainEqual(loc);
    expect(await (await browser.request("/api/settings")).json()).toMatchObject(DEFAULTS);
  });

  it("400 with a detail for a body that is not JSON", async () => {
    const browser = await signedIn();
    const res = await browser.request("/api/settings", { method: "PUT", body: "not json" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: "Malformed JSON in request body", code: "bad_request" });
  });
});

describe("one account never reaches another's data", () => {
  it("settings and onboarding of one demo account are invisible to another", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await alice.json("/api/settings", "PUT", CHANGED);
    await alice.json("/api/onboarding", "POST", { marketplace: "IT", brandName: "Alice Co" });

    expect(await (await bob.request("/api/settings")).json()).toMatchObject(DEFAULTS);
    expect(await (await bob.request("/api/user/status")).json()).toMatchObject({ marketplace: "US", brandName: null });

    await bob.json("/api/settings", "PUT", DEFAULTS);
    expect(await (await alice.request("/api/settings")).json()).toMatchObject(CHANGED);
  });
});
