import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { runAlertCheck } from "../../../worker/jobs/alert-check/alert-check";
import type { AlertView } from "../../../worker/contract/alerts";
import type { NotificationList, NotificationView } from "../../../worker/contract/notifications";
import type { Page } from "../../../worker/contract/pagination";
import { CHECK_TIME, clearAlertTables, DAY_MS, dayAt, seedRank } from "../support/alert-seed";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { buildServices } from "../../../worker/services";

beforeEach(clearAlertTables);

async function demoUser(): Promise<TestBrowser> {
  const browser = new TestBrowser(demoEnv());
  await browser.signInDemo();
  return browser;
}

/** Creates a rank_above 500 alert through the API and returns its id and owner. */
async function createAlert(browser: TestBrowser, asin: string, channels: { in_app_enabled?: boolean } = {}) {
  const res = await browser.json("/api/alerts", "POST", { asin, conditionType: "rank_above", threshold: 500, marketplace: "US", ...channels });
  expect(res.status).toBe(201);
  const { alert } = await res.json<{ alert: AlertView }>();
  const owner = await env.DB.prepare("SELECT workspace_id FROM alerts WHERE id = ?").bind(alert.id).first<{ workspace_id: string }>();
  return { alertId: alert.id, userId: owner?.workspace_id ?? "" };
}

/** Runs the nightly check on day `offset` with every given ASIN ranked past the threshold. */
async function fireOnDay(offset: number, ...asins: string[]) {
  for (const asin of asins) await seedRank(asin, offset, 900 + offset);
  await runAlertCheck(buildServices(env), CHECK_TIME + offset * DAY_MS);
}

const list = async (browser: TestBrowser, query = "") => (await browser.request(`/api/notifications${query}`)).json<NotificationList & Page>();
const unread = async (browser: TestBrowser) => (await (await browser.request("/api/notifications/unread-count")).json<{ unread: number }>()).unread;

/** `count` in-app events of one alert on B000000001, one a day, today's first. */
async function insertDailyEvents(userId: string, alertId: string, count: number): Promise<void> {
  const insert = env.DB.prepare(
    `INSERT INTO alert_events (id, workspace_id, alert_id, day, asin, marketplace, condition_type, threshold, message, in_app, created_at)
     VALUES (?, ?, ?, ?, 'B000000001', 'US', 'rank_above', 500, 'm', 1, ?)`,
  );
  await env.DB.batch(Array.from({ length: count }, (_, i) => insert.bind(crypto.randomUUID(), userId, alertId, dayAt(-i), `${dayAt(-i)}T02:30:00.000Z`)));
}

describe("the notifications API needs a session and the XSRF header", () => {
  it("401 with a detail when signed out", async () => {
    const anonymous = new TestBrowser(demoEnv());
    for (const res of [
      await anonymous.request("/api/notifications"),
      await anonymous.request("/api/notifications/unread-count"),
      await anonymous.request("/api/notifications/some-id/read", { method: "POST" }),
      await anonymous.request("/api/notifications/read-all", { method: "POST" }),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: expect.stringContaining("Sign in"), code: "unauthenticated" });
    }
  });

  it("403 for mark-as-read without the XSRF header, and nothing is marked", async () => {
    const browser = await demoUser();
    await createAlert(browser, "B000000001");
    await fireOnDay(0, "B000000001");
    const [notification] = (await list(browser)).notifications;
    const one = await browser.request(`/api/notifications/${notification?.id}/read`, { method: "POST", omitXsrfHeader: true });
    const all = await browser.request("/api/notifications/read-all", { method: "POST", omitXsrfHeader: true });
    expect([one.status, all.status]).toEqual([403, 403]);
    expect(await unread(browser)).toBe(1);
  });
});

describe("GET /api/notifications", () => {
  it("lists the caller's in-app notifications newest first, with the unread count", async () => {
    const browser = await demoUser();
    const { alertId } = await createAlert(browser, "B000000001");
    await createAlert(browser, "B000000002", { in_app_enabled: false });
    await fireOnDay(-1, "B000000001", "B000000002");
    await fireOnDay(0, "B000000001", "B000000002");

    const body = await list(browser);
    expect(body.unread).toBe(2);
    expect(body.notifications).toEqual([
      {
        id: expect.any(String),
        alertId,
        asin: "B000000001",
        marketplace: "US",
        conditionType: "rank_above",
        message: "B000000001 (US): rank #900 is worse than your threshold #500",
        source: "live",
        day: dayAt(0),
        createdAt: new Date(CHECK_TIME).toISOString(),
        readAt: null,
      },
      expect.objectContaining({ day: dayAt(-1), message: "B000000001 (US): rank #899 is worse than your threshold #500" }),
    ]);
    expect(await unread(browser)).toBe(2);
  });

  it("?unread=true leaves out the read ones; a bad flag is 422", async () => {
    const browser = await demoUser();
    await createAlert(browser, "B000000001");
    await fireOnDay(-1, "B000000001");
    await fireOnDay(0, "B000000001");
    const [newest] = (await list(browser)).notifications;
    await browser.request(`/api/notifications/${newest?.id}/read`, { method: "POST" });

    expect((await list(browser, "?unread=true")).notifications.map((n) => n.day)).toEqual([dayAt(-1)]);
    expect((await list(browser, "?unread=false")).notifications).toHaveLength(2);
    const bad = await browser.request("/api/notifications?unread=yes");
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ detail: [{ loc: ["query", "unread"] }] });
  });

  it("returns at most the 50 newest", async () => {
    const browser = await demoUser();
    const { alertId, userId } = await createAlert(browser, "B000000001");
    await insertDailyEvents(userId, alertId, 55);
    const body = await list(browser);
    expect(body.unread).toBe(55);
    expect(body.notifications).toHaveLength(50);
    expect(body.notifications[0]?.day).toBe(dayAt(0));
    expect(body.notifications[49]?.day).toBe(dayAt(-49));
  });

  it("pages on past the 50 newest: next_cursor is null only on the last page, and every notification is reachable", async () => {
    const browser = await demoUser();
    const { alertId, userId } = await createAlert(browser, "B000000001");
    await insertDailyEvents(userId, alertId, 70);
    // Without a limit: a page of 50, and a cursor to the other 20.
    const first = await list(browser);
    expect(first.notifications).toHaveLength(50);
    expect(first.next_cursor).not.toBeNull();
    const rest = await list(browser, `?cursor=${first.next_cursor}`);
    expect(rest.notifications.map((n) => n.day)).toEqual(Array.from({ length: 20 }, (_, i) => dayAt(-50 - i)));
    expect(rest.next_cursor).toBeNull();
    // With a limit: every one of the 70, each once, newest first.
    const days: string[] = [];
    let cursor: string | null = null;
    do {
      const page: NotificationList & Page = await list(browser, `?limit=30${cursor ? `&cursor=${cursor}` : ""}`);
      days.push(...page.notifications.map((n) => n.day));
      cursor = page.next_cursor;
    } while (cursor);
    expect(days).toEqual(Array.from({ length: 70 }, (_, i) => dayAt(-i)));
    // A limit above 50 is still a page of at most 50.
    expect((await list(browser, "?limit=200")).notifications).toHaveLength(50);
  });
});

describe("marking as read", () => {
  it("POST /api/notifications/:id/read marks one and keeps its first read time", async () => {
    const browser = await demoUser();
    await createAlert(browser, "B000000001");
    await fireOnDay(-1, "B000000001");
    await fireOnDay(0, "B000000001");
    const [newest] = (await list(browser)).notifications;

    const res = await browser.request(`/api/notifications/${newest?.id}/read`, { method: "POST" });
    expect(res.status).toBe(200);
    const { notification } = await res.json<{ notification: NotificationView }>();
    expect(notification).toEqual({ ...newest, readAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(await unread(browser)).toBe(1);

    const again = await browser.request(`/api/notifications/${newest?.id}/read`, { method: "POST" });
    expect((await again.json<{ notification: NotificationView }>()).notification.readAt).toBe(notification.readAt);
  });

  it("POST /api/notifications/read-all marks them all", async () => {
    const browser = await demoUser();
    await createAlert(browser, "B000000001");
    await fireOnDay(-1, "B000000001");
    await fireOnDay(0, "B000000001");
    const res = await browser.request("/api/notifications/read-all", { method: "POST" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unread: 0 });
    expect((await list(browser)).notifications.every((n) => n.readAt !== null)).toBe(true);
    expect(await unread(browser)).toBe(0);
  });

  it("404 for an unknown id and for a notification hidden from the app", async () => {
    const browser = await demoUser();
    const { alertId } = await createAlert(browser, "B000000001", { in_app_enabled: false });
    await fireOnDay(0, "B000000001");
    const hidden = await env.DB.prepare("SELECT id FROM alert_events WHERE alert_id = ?").bind(alertId).first<{ id: string }>();
    for (const id of [crypto.randomUUID(), hidden?.id]) {
      const res = await browser.request(`/api/notifications/${id}/read`, { method: "POST" });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: "No such notification.", code: "not_found" });
    }
  });
});

describe("one user never reaches another's notifications", () => {
  it("B sees none of A's, cannot mark A's read, and B's read-all leaves A's unread", async () => {
    const alice = await demoUser();
    const bob = await demoUser();
    await createAlert(alice, "B000000001");
    await fireOnDay(0, "B000000001");
    const [aliceNotification] = (await list(alice)).notifications;

    expect(await list(bob)).toEqual({ notifications: [], unread: 0, next_cursor: null });
    expect(await unread(bob)).toBe(0);
    const res = await bob.request(`/api/notifications/${aliceNotification?.id}/read`, { method: "POST" });
    expect(res.status).toBe(404);
    await bob.request("/api/notifications/read-all", { method: "POST" });

    expect(await unread(alice)).toBe(1);
    expect((await list(alice)).notifications).toEqual([aliceNotification]);
  });
});
