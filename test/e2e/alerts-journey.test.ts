/**
 * The issue-5 journey in the demo account, in real Chromium against the file's own app server
 * (local-app.ts, since it fires the crons): create an alert, fire the 02:00 and 02:30 cron triggers
 * through the local scheduled endpoint, and see
 * the notification, the header badge and the alert's new "last triggered". axe checks the new
 * screens signed in, with data on them.
 */
import { describe, expect, it } from "vitest";
import { COLOUR_RULES, seriousViolations } from "./axe.ts";
import { useBrowserTab } from "./browser.ts";
import { useOwnAppServer } from "./own-app-server.ts";

const server = useOwnAppServer();
const tab = useBrowserTab();

const ASIN = "B08N5WRWNW";
const main = () => tab.page.getByRole("main");
const bell = () => tab.page.locator(".site-header").getByRole("link", { name: /^Notifications/ });
const alertItem = () => main().getByRole("listitem", { name: `Rank above threshold: ${ASIN} (US)` });
const fact = (term: string) => alertItem().locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]").textContent();

function unreadCount(): Promise<number> {
  return tab.page.evaluate(async () => ((await (await fetch("/api/notifications/unread-count")).json()) as { unread: number }).unread);
}

async function signInWithDemo() {
  await tab.page.goto(`${server.url}/connect`);
  await main().getByRole("button", { name: "Continue with Demo" }).click();
  await tab.page.waitForURL(`${server.url}/onboarding`);
  await main().getByRole("button", { name: "Continue to Seller Central" }).click();
  await tab.page.waitForURL(`${server.url}/seller-central`);
}

describe("alerts in the demo account, in a real browser", () => {
  it("creates an alert, runs the nightly jobs, and shows the notification and the alert's last trigger", async () => {
    await signInWithDemo();
    await tab.page.locator(".site-header").getByRole("link", { name: "Alerts" }).click();
    await tab.page.waitForURL(`${server.url}/alerts`);
    await main().getByText(/^No alerts yet/).waitFor();

    // New Alert: the spec's defaults, then a threshold any ranked product is worse than.
    await main().getByRole("button", { name: "New Alert" }).click();
    const dialog = tab.page.getByRole("dialog", { name: "Create Alert" });
    expect(await dialog.getByLabel("Threshold (rank)").inputValue()).toBe("500");
    expect(await seriousViolations(tab.page), "New Alert dialog").toEqual([]);
    await dialog.getByLabel("ASIN").fill(ASIN.toLowerCase());
    await dialog.getByLabel("Threshold (rank)").fill("1");
    await dialog.getByRole("button", { name: "Create alert" }).click();
    await alertItem().waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await fact("Last triggered")).toBe("Never");
    expect(await fact("Last check")).toBe("Not checked yet");
    // The demo account starts on the Free plan, with its cap.
    expect(await main().getByText(/^1 of [\d,]+ active alerts on your plan$/).count()).toBe(1);

    // 02:00 snapshots the tracked ASIN in an alarm chain; a 02:30 check that comes while the run
    // is still going defers to it, so 02:30 is fired until the notification is there.
    await server.fireCron("0 2 * * *");
    await expect
      .poll(
        async () => {
          await server.fireCron("30 2 * * *");
          return unreadCount();
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBe(1);

    await tab.page.reload();
    await alertItem().waitFor();
    expect(await fact("Last triggered")).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    // The demo account's snapshots are mock data, and the result says it was found on them.
    expect(await fact("Last check")).toMatch(/^Fired \(\d{4}-\d{2}-\d{2}, mock data\)$/);
    expect(await seriousViolations(tab.page), "/alerts with an alert").toEqual([]);
    await tab.page.getByRole("button", { name: "Dark mode" }).click();
    expect(await seriousViolations(tab.page, COLOUR_RULES), "/alerts with an alert, dark").toEqual([]);

    // The header badge leads to the notification; reading it clears the badge.
    await expect.poll(() => bell().getAttribute("aria-label")).toBe("Notifications, 1 unread");
    await bell().click();
    await tab.page.waitForURL(`${server.url}/notifications`);
    const notification = main().getByRole("listitem").filter({ hasText: `${ASIN} (US): rank #` });
    await notification.waitFor();
    expect(await notification.textContent()).toContain("is worse than your threshold #1");
    expect(await seriousViolations(tab.page), "/notifications with an unread notification, dark").toEqual([]);
    await notification.getByRole("button", { name: "Mark as read" }).click();
    await expect.poll(() => bell().getAttribute("aria-label")).toBe("Notifications");
    expect(await unreadCount()).toBe(0);

    // A second 02:30 run the same day sends nothing twice.
    await server.fireCron("30 2 * * *");
    expect(await unreadCount()).toBe(0);

    expect(tab.consoleErrors).toEqual([]);
  }, 60_000);

  it("keeps the signed-in header on one row: ten links, the bell and the toggle, or the menu button when narrower", async () => {
    await signInWithDemo();
    const bar = tab.page.locator(".site-header__bar");
    const menuButton = tab.page.locator(".site-header").getByRole("button", { name: /menu/i });
    for (const [width, menu] of [[1000, true], [1088, true], [1100, false], [1280, false], [1600, false]] as const) {
      await tab.page.setViewportSize({ width, height: 800 });
      await bell().waitFor();
      // 4rem is one row; a wrapped header is half as tall again.
      expect((await bar.boundingBox())?.height, `header height at ${width}px`).toBeLessThanOrEqual(66);
      expect(await menuButton.isVisible(), `menu button at ${width}px`).toBe(menu);
      expect(await tab.page.getByRole("navigation", { name: "Main" }).isVisible(), `nav at ${width}px`).toBe(!menu);
    }
    expect(tab.consoleErrors).toEqual([]);
  });

  it("shows a signed-in user the rank trend under a lookup, and tracks the ASIN", async () => {
    await signInWithDemo();
    await tab.page.goto(`${server.url}/results?asin=${ASIN}&marketplace=US`);
    const trend = main().getByRole("region", { name: "7-day rank trend" });
    // The lookup has just written today's (mock) point: one day is not a trend yet.
    await trend.getByText(/^Not enough history yet/).waitFor();

    await trend.getByRole("button", { name: "Track this ASIN" }).click();
    await trend.getByRole("button", { name: "Tracking" }).waitFor();
    expect(await seriousViolations(tab.page), "/results with the rank trend").toEqual([]);

    await tab.page.goto(`${server.url}/alerts`);
    const watchlist = main().getByRole("region", { name: "Watchlist" });
    await watchlist.getByRole("button", { name: `Remove ${ASIN} (US)` }).waitFor();
    expect(tab.consoleErrors).toEqual([]);
  });
});
