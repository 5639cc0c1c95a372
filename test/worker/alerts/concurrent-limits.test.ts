import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FREE_PLAN } from "../../../worker/contract/plans";
import { freeBrowserWith, userIdOf } from "../history/accounts";
import { demoEnv, type TestBrowser } from "../support/seller-browser";

const TRACKED_REFUSAL = "Your Free plan tracks up to 25 ASINs, watchlist and alerts (paused ones too) together. Remove one first. Upgrade to Pro at /billing to lift it.";
const ACTIVE_REFUSAL = "Your Free plan allows 5 active alerts. Pause or delete one first. Upgrade to Pro at /billing to lift it.";

let serial = 0;
const newAsin = () => `BC${String(++serial).padStart(3, "0")}${crypto.randomUUID().replace(/-/g, "").slice(0, 5).toUpperCase()}`;

async function seedWatchlist(userId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await env.DB.prepare("INSERT INTO watchlist (workspace_id, asin, marketplace) VALUES (?, ?, 'US')").bind(userId, newAsin()).run();
  }
}

/** What the nightly run fetches for the workspace: watchlist and alerts, each key once, minus what a downgrade stopped. */
async function trackedCount(userId: string): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM (SELECT marketplace, asin FROM watchlist WHERE workspace_id = ?1 AND paused_reason IS NULL
                                UNION SELECT marketplace, asin FROM alerts WHERE workspace_id = ?1 AND paused_reason IS NULL)`,
  ).bind(userId).first<{ n: number }>();
  return row?.n ?? 0;
}

async function freeAccount(): Promise<{ browser: TestBrowser; userId: string }> {
  const browser = await freeBrowserWith(demoEnv());
  await browser.request("/api/auth/xsrf");
  return { browser, userId: userIdOf(browser) };
}

const rankAlert = (asin: string, threshold = 100) => ({ asin, marketplace: "US", conditionType: "rank_above", threshold });

describe("alerts created or resumed at once never pass the plan's limits", () => {
  it("five creates at once with room for two ASINs make two alerts; the rest get the tracked-ASIN refusal", async () => {
    const { browser, userId } = await freeAccount();
    await seedWatchlist(userId, FREE_PLAN.watchlistLimit! - 2);

    const answers = await Promise.all(Array.from({ length: 5 }, () => browser.json("/api/alerts", "POST", rankAlert(newAsin()))));

    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 403, 403, 403]);
    for (const res of answers.filter((res) => res.status === 403)) {
      expect(await res.json()).toEqual({ detail: TRACKED_REFUSAL, code: "plan_limit" });
    }
    expect(await trackedCount(userId)).toBe(FREE_PLAN.watchlistLimit);
  });

  it("creates at once past the active-alert cap are refused with the active-alert text", async () => {
    const { browser, userId } = await freeAccount();
    const asin = newAsin();

    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => browser.json("/api/alerts", "POST", rankAlert(asin, 100 + i))));

    expect(answers.map((res) => res.status).sort()).toEqual([...Array(5).fill(201), 403, 403, 403]);
    for (const res of answers.filter((res) => res.status === 403)) {
      expect(await res.json()).toEqual({ detail: ACTIVE_REFUSAL, code: "plan_limit" });
    }
    const active = await env.DB.prepare("SELECT count(*) AS n FROM alerts WHERE workspace_id = ? AND paused = 0").bind(userId).first<{ n: number }>();
    expect(active?.n).toBe(FREE_PLAN.activeAlertLimit);
  });

  it("three alerts a downgrade stopped, resumed at once with room for one ASIN: one resumes", async () => {
    const { browser, userId } = await freeAccount();
    await seedWatchlist(userId, FREE_PLAN.watchlistLimit! - 1);
    const stopped: string[] = [];
    for (let i = 0; i < 3; i++) {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, paused, paused_reason) VALUES (?, ?, ?, 'US', 'rank_above', 500, 1, 'plan_limit')",
      ).bind(id, userId, newAsin()).run();
      stopped.push(id);
    }

    const answers = await Promise.all(stopped.map((id) => browser.json(`/api/alerts/${id}`, "PATCH", { paused: false })));

    expect(answers.map((res) => res.status).sort()).toEqual([200, 403, 403]);
    for (const res of answers.filter((res) => res.status === 403)) {
      expect(await res.json()).toEqual({ detail: TRACKED_REFUSAL, code: "plan_limit" });
    }
    expect(await trackedCount(userId)).toBe(FREE_PLAN.watchlistLimit);
  });

  it.each(["plan_limit", "plan_tracked"])("pausing an alert the plan stopped (%s) at the tracked-ASIN limit keeps it stopped", async (reason) => {
    const { browser, userId } = await freeAccount();
    await seedWatchlist(userId, FREE_PLAN.watchlistLimit!);
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, paused, paused_reason) VALUES (?, ?, ?, 'US', 'rank_above', 500, 1, ?)",
    ).bind(id, userId, newAsin(), reason).run();

    const res = await browser.json(`/api/alerts/${id}`, "PATCH", { paused: true });

    expect(res.status).toBe(200);
    expect(await trackedCount(userId)).toBe(FREE_PLAN.watchlistLimit);
  });

  it("pausing an alert the plan stopped, with room to track it, makes it the user's pause", async () => {
    const { browser, userId } = await freeAccount();
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, paused, paused_reason) VALUES (?, ?, ?, 'US', 'rank_above', 500, 1, 'plan_limit')",
    ).bind(id, userId, newAsin()).run();

    const res = await browser.json(`/api/alerts/${id}`, "PATCH", { paused: true });

    expect(await res.json()).toMatchObject({ alert: { paused: true, paused_reason: null } });
    expect(await trackedCount(userId)).toBe(1);
  });
});
