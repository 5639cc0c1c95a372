/**
 * Screen states the route-by-route layout check never reaches, each at 390 and 1280 px, light and
 * dark, empty and full, with the layout check's rules (overflow, clipped text, contrast, …) and
 * the words each state must say: the dashboard's Buy Box cell (one holder, Prime and non-Prime
 * apart, Suppressed with its explanation, unknown), an alert's last result with its data source,
 * a refused email address in Settings → Notifications, API Access's makers and its 6th-key
 * refusal, an invitation refused for its address, and the site's 404 page.
 *
 * The demo account on demo Pro, on the file's own app server (it adds ASINs and alerts). Where the
 * state needs what only a failure in production makes (a bounced address, five keys, a refusal),
 * the real answer is fetched and the state written into it. LAYOUT_SCREENSHOTS=1 keeps
 * screenshots in test-results/screens/states/.
 */
import { join } from "node:path";
import type { BrowserContext, Page, Route } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { injectAxeOnEveryVisit } from "./axe.ts";
import { gotoSettled, sharedBrowser } from "./browser.ts";
import { builtCssClasses, everyViewFindings, setLayoutWidth } from "./layout-checks.ts";
import { LAYOUT_ASINS, pageApi } from "./layout-states.ts";
import { useOwnAppServer } from "./own-app-server.ts";
import { signInAsPro } from "./pro-account.ts";

// The answers' fields this file writes (the e2e project compiles none of worker/contract but a few files).
type Holder = "you" | "other" | "none" | "suppressed" | "unknown";
type DashboardRow = { buyBox: Holder; buyBoxes: { prime: Holder; nonPrime: Holder }; title: string | null; rank: number | null };
type AlertView = Record<string, unknown> & { last_result: "fired" | "ok" | "no_data" | null; last_result_source: "live" | "mock" | null };
type AlertList = { alerts: AlertView[] };
type ChannelSettings = Record<string, unknown>;
type ApiKeyView = Record<string, unknown>;
type ApiKeyList = { keys: ApiKeyView[]; requestsPerHour: number | null };
/** The 403 plan_limit detail of a sixth key (worker/contract/api-keys.ts keyLimitDetail). */
const KEY_LIMIT_DETAIL = "Your Pro plan allows 5 live API keys per workspace and all 5 are in use; no plan allows more. Revoke one first, or rotate one to replace it.";

const server = useOwnAppServer();
const SCREENS_DIR = join(process.cwd(), "test-results", "screens", "states");
let styledClasses: string[];
let context: BrowserContext;
let page: Page;
const main = () => page.getByRole("main");

beforeAll(async () => {
  styledClasses = builtCssClasses();
  context = await (await sharedBrowser()).newContext();
  page = await context.newPage();
  await signInAsPro(page, server.url);
}, 90_000);
afterAll(async () => context?.close());
// A test that fails before its everyView() would leave its rewritten answers to the tests after it
// (the one page is shared), which would then fail on states not theirs.
afterEach(async () => {
  await page?.unrouteAll({ behavior: "ignoreErrors" });
  await page?.evaluate(() => document.documentElement.classList.remove("dark")).catch(() => undefined);
});

/** Answers GET requests matching `pattern` with the server's own answer, changed by `change`. */
async function rewrite<T>(pattern: string | RegExp, change: (body: T) => T): Promise<void> {
  await page.route(pattern, async (route: Route) => {
    if (route.request().method() !== "GET") return route.fallback();
    const response = await route.fetch();
    await route.fulfill({ response, json: change((await response.json()) as T) });
  });
}

/** The layout check's findings for the page as it is now in every width × theme (screenshots with LAYOUT_SCREENSHOTS=1). */
async function everyView(state: string): Promise<string[]> {
  await injectAxeOnEveryVisit(page);
  const failures = await everyViewFindings(page, styledClasses, { state, screensDir: SCREENS_DIR });
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.unrouteAll({ behavior: "ignoreErrors" });
  return failures;
}

/** A target a finger can hit: at least 24 × 24 CSS px (WCAG 2.5.8). */
async function smallTargets(selector: string): Promise<string[]> {
  return page.$$eval(selector, (elements) =>
    elements.flatMap((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.width < 24 || box.height < 24) ? [`${element.textContent?.trim()}: ${Math.round(box.width)}×${Math.round(box.height)}`] : [];
    }),
  );
}

describe("screen states at 390 and 1280 px, light and dark", () => {
  it("the dashboard's Buy Box cell: one holder, Prime and non-Prime apart, Suppressed said in the cell, unknown", async () => {
    await gotoSettled(page, `${server.url}/dashboard`);
    await main().getByRole("heading", { name: "No tracked ASINs yet" }).waitFor();
    expect(await everyView("dashboard-empty")).toEqual([]);

    for (const asin of [...LAYOUT_ASINS, "B000OQA3N4"]) {
      const added = await pageApi(page, "POST", "/api/watchlist", { asin, marketplace: "US" });
      expect([200, 201, 409], JSON.stringify(added.body)).toContain(added.status);
    }
    const holders: Pick<DashboardRow, "buyBox" | "buyBoxes">[] = [
      { buyBox: "you", buyBoxes: { prime: "you", nonPrime: "you" } },
      { buyBox: "other", buyBoxes: { prime: "other", nonPrime: "you" } },
      { buyBox: "suppressed", buyBoxes: { prime: "suppressed", nonPrime: "suppressed" } },
      { buyBox: "unknown", buyBoxes: { prime: "unknown", nonPrime: "unknown" } },
    ];
    await rewrite<{ rows: DashboardRow[] }>(/\/api\/dashboard(\?|$)/, (body) => ({
      ...body,
      rows: body.rows.map((row, index) => ({ ...row, title: `Stainless steel insulated water bottle, 32 oz, wide mouth (${index + 1})`, rank: 1_234 * (index + 1), ...holders[index % holders.length]! })),
    }));
    await gotoSettled(page, `${server.url}/dashboard`);
    const table = main().getByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    await table.locator("tbody tr").nth(3).waitFor();
    const buyBoxCells = await table.locator("tbody tr td:nth-child(7)").allInnerTexts();
    expect(buyBoxCells.map((text) => text.replace(/\s+/g, " ").trim()).sort()).toEqual(
      ["You", "Prime: Another seller Non-Prime: You", "Suppressed Offers are listed, but Amazon shows no Buy Box winner.", "—"].sort(),
    );
    expect(await everyView("dashboard-buy-box")).toEqual([]);
  });

  it("an alert's last result says the day and that it was found on mock data", async () => {
    await gotoSettled(page, `${server.url}/alerts`);
    await main().getByRole("heading", { level: 1 }).waitFor();
    expect(await everyView("alerts-empty")).toEqual([]);

    const alert = (id: string, result: AlertView["last_result"], source: AlertView["last_result_source"]): AlertView => ({
      id,
      asin: "B08N5WRWNW",
      conditionType: "rank_above",
      threshold: 5000,
      marketplace: "US",
      email_enabled: true,
      in_app_enabled: true,
      last_triggered: result === "fired" ? "2026-11-22T02:30:00.000Z" : null,
      paused: false,
      paused_reason: null,
      last_result: result,
      last_result_source: source,
      last_checked_day: result === null ? null : "2026-11-22",
      created_at: "2026-11-01T10:00:00.000Z",
    });
    await rewrite<AlertList>(/\/api\/alerts(\?|$)/, (body) => ({
      ...body,
      alerts: [alert("a1", "ok", "mock"), alert("a2", "fired", "live"), alert("a3", "no_data", null), alert("a4", null, null)],
    }));
    await gotoSettled(page, `${server.url}/alerts`);
    await main().getByText("Not triggered (2026-11-22, mock data)").waitFor();
    expect(await main().getByText("Fired (2026-11-22)", { exact: true }).count()).toBe(1);
    expect(await main().getByText("No data (2026-11-22)", { exact: true }).count()).toBe(1);
    expect(await main().getByText("Not checked yet", { exact: true }).count()).toBe(1);
    // The facts line up in columns from card to card: a long last result wraps in its column, never taking a row of its own.
    await setLayoutWidth(page, 1280);
    const tops = await main()
      .locator(".alert-item")
      .first()
      .locator(".facts dt")
      .evaluateAll((terms) => terms.map((term) => Math.round(term.getBoundingClientRect().top)));
    expect(new Set(tops).size, `the first alert's facts start at ${tops.join(", ")}`).toBe(1);
    // …and a day is never broken at its hyphens: "No data (2026-11-22)" in a quarter of the card.
    const dayLines = await main()
      .getByText("No data (2026-11-22)", { exact: true })
      .evaluate((value) => {
        const walker = document.createTreeWalker(value, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf("2026-11-22");
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + "2026-11-22".length);
          return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
        }
        return -1;
      });
    expect(dayLines, "lines the day of the last check takes").toBe(1);
    expect(await everyView("alerts-last-result")).toEqual([]);
  });

  it("Settings → Notifications names a refused address for the alert email and a report", async () => {
    const refused = "a.very.long.mailbox.name@bounced-for-good.example.com";
    await rewrite<ChannelSettings>("**/api/settings/channels", (body) => ({
      ...body,
      alertEmail: refused,
      alertEmailRefusal: null,
      deliveryProblems: [
        {
          channel: "email",
          status: "failed",
          firedAt: "2026-11-22T02:30:00.000Z",
          detail: `the email service no longer sends to ${refused} because an earlier email to it bounced or was marked as spam. It is not tried again: check the address and save a working address`,
          refusedForGood: true,
        },
      ],
      reportProblems: [
        {
          kind: "weekly",
          recipient: refused,
          period: "2026-11-16",
          status: "failed",
          detail: `the email service no longer sends to ${refused} because an earlier email to it bounced or was marked as spam. It is not tried again: check the address and save a working address`,
          refusedForGood: true,
        },
      ],
    }));
    await gotoSettled(page, `${server.url}/settings`);
    await main().getByRole("tab", { name: "Notifications" }).click();
    await main().getByText(/Your latest alert \(fired .*\) could not be delivered: the email service no longer sends to a\.very/).waitFor();
    await main().getByText(/Your weekly report of 2026-11-16 could not be sent: the email service no longer sends to a\.very/).waitFor();
    // Each names the address once and says what to do once.
    for (const note of await main().getByText(/save a working address/).allTextContents()) {
      expect(note.split(refused).length - 1, note).toBe(1);
      expect(note).not.toContain("Check the setting");
      expect(note).not.toMatch(/E_[A-Z]/);
    }
    expect(await everyView("settings-refused-address")).toEqual([]);
  });

  it("Settings → API Access: who made each key, Rotating makes you its maker, and the 6th key refused", async () => {
    const key = (index: number, madeBy: { email: string | null; role: string | null }): ApiKeyView => ({
      id: `k${index}`,
      name: index === 1 ? "Repricing script for the EU marketplaces" : `Key ${index}`,
      prefix: `rl_live_ab${index}`,
      createdAt: "2026-11-01T10:00:00.000Z",
      lastUsedAt: index === 1 ? null : "2026-11-28T09:15:00.000Z",
      usage: { thisHour: 12 * index, days: Array.from({ length: 7 }, (_, day) => ({ day: `2026-11-${22 + day}`, requests: 1_200 * day })) },
      madeBy,
    });
    await rewrite<ApiKeyList>(/\/api\/api-keys$/, (body) => ({
      ...body,
      requestsPerHour: body.requestsPerHour ?? 1_000,
      keys: [
        key(1, { email: "a.very.long.analyst.address@agency-example.com", role: "analyst" }),
        key(2, { email: null, role: "owner" }),
        key(3, { email: "left@example.com", role: null }),
        key(4, { email: "viewer@example.com", role: "viewer" }),
      ],
    }));
    await page.route(/\/api\/api-keys$/, (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 403, json: { code: "plan_limit", detail: KEY_LIMIT_DETAIL } })
        : route.fallback(),
    );
    await gotoSettled(page, `${server.url}/settings`);
    await main().getByRole("tab", { name: "API Access" }).click();
    const panel = main().getByRole("tabpanel");
    await panel.getByText("Rotating a key makes you its maker.", { exact: false }).waitFor();
    await panel.getByRole("button", { name: "Rotate Key 2" }).click();
    await panel.getByText(/a new key replaces it, made by you and shown once/).waitFor();
    await panel.getByLabel("Key name").fill("Sixth key");
    await panel.getByRole("button", { name: "Create key" }).click();
    await panel.getByText(KEY_LIMIT_DETAIL).waitFor();
    expect(await smallTargets(".api-keys button")).toEqual([]);
    expect(await everyView("settings-api-keys")).toEqual([]);
  });

  it("an invitation refused for its address says why on the team screen", async () => {
    const detail = "Email Service refuses mail to a.very.long.mailbox.name@bounced-for-good.example.com for good (it bounced before); invite a working address.";
    await page.route("**/api/workspaces/invitations", (route) =>
      route.request().method() === "POST" ? route.fulfill({ status: 422, json: { code: "invalid_request", detail } }) : route.fallback(),
    );
    await gotoSettled(page, `${server.url}/team`);
    await main().getByLabel("Email address").fill("a.very.long.mailbox.name@bounced-for-good.example.com");
    await main().getByRole("button", { name: "Send invitation" }).click();
    await main().getByText(detail).waitFor();
    expect(await everyView("team-invitation-refused")).toEqual([]);
  });

  for (const path of ["/some-unknown-path", "/404"]) {
    it(`the site's 404 page at ${path}`, async () => {
      const response = await gotoSettled(page, `${server.url}${path}`);
      expect(response?.status()).toBe(404);
      await main().getByRole("heading", { level: 1 }).waitFor();
      expect(await main().getByRole("link").count()).toBeGreaterThan(0);
      expect(await everyView(`not-found-${path.slice(1)}`)).toEqual([]);
    });
  }
});
