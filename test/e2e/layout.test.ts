/**
 * The layout check: every route of the app, visited directly, at 390 and 1280 px, light and
 * dark, signed out and as the demo account on Free and Pro, on the first day of tracking and
 * after a week of snapshots. Fails naming the state, route, width, theme and element.
 *
 * `npm test` runs a reduced set: Pro on the signed-in screens, first day and week, in two views
 * each; site-routes.test.ts checks every route signed out at 390 px on the visit it already makes.
 * `npm run layout` runs every state and writes a screenshot of each route × width × theme × state
 * to test-results/screens/ (see docs/layout-check.md).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoutePath } from "../../web/src/app/route-meta.ts";
import { closeContexts, gotoSettled, sharedBrowser } from "./browser.ts";
import { injectAxeOnEveryVisit } from "./axe.ts";
import { builtCssClasses, drawnFindings, setLayoutWidth } from "./layout-checks.ts";
import { LAYOUT_ASINS, snapshotDay, trackingAccount, utcMidnight, type SignedInState } from "./layout-states.ts";
import { useOwnAppServer } from "./own-app-server.ts";
import { signInAsPro } from "./pro-account.ts";
import { EVERY_PAGE_PATH, visitPath } from "./site-pages.ts";

const FULL = process.env.LAYOUT_FULL === "1";
const SCREENSHOTS = FULL || process.env.LAYOUT_SCREENSHOTS === "1";
const SCREENS_DIR = join(process.cwd(), "test-results", "screens");
type View = readonly [width: 390 | 1280, theme: "light" | "dark"];
/** Every width × theme. */
const EVERY_VIEW: readonly View[] = [[390, "light"], [390, "dark"], [1280, "light"], [1280, "dark"]];
// The reduced run (npm test) checks each signed-in state in fewer views, so the suite stays under
// six minutes; site-routes.test.ts already runs axe on every route (every rule in light, the colour
// rules in dark).
const DAY_ONE_VIEWS: readonly View[] = FULL ? EVERY_VIEW : [[390, "dark"], [1280, "light"]];
const WEEK_VIEWS: readonly View[] = FULL ? EVERY_VIEW : [[390, "light"], [1280, "dark"]];
/** The screens a signed-in seller works in; the reduced run checks Pro on these only. */
const APP_ROUTES: RoutePath[] = ["/seller-central", "/dashboard", "/rank-trends", "/portfolio", "/compare", "/results", "/alerts", "/notifications", "/settings", "/billing"];
// LAYOUT_ONLY=/pricing,/billing narrows a run to those routes (when fixing one screen).
const ONLY = process.env.LAYOUT_ONLY?.split(",").filter(Boolean);
const only = (paths: readonly string[]): string[] => paths.filter((path) => !ONLY || ONLY.includes(path.split("?")[0]!));
const ALL_ROUTES: string[] = only(EVERY_PAGE_PATH);
/** Compare with the tracked ASINs: the rank history chart (Pro) is drawn. */
const COMPARE_TRACKED = `/compare?asins=${LAYOUT_ASINS.join(",")}&marketplace=US`;
const SIGNED_IN_ROUTES = [...(FULL ? ALL_ROUTES : only(APP_ROUTES.map(visitPath))), ...only([COMPARE_TRACKED])];

const server = useOwnAppServer();
let browser: Browser;
let styledClasses: string[];
const accounts: Partial<Record<"free" | "pro", SignedInState>> = {};

beforeAll(async () => {
  browser = await sharedBrowser();
  styledClasses = builtCssClasses();
});
afterAll(() => closeContexts(browser));

/** Visits `path` directly, then checks it at each width and theme; returns the failures, each naming where. */
async function checkRoute(page: Page, state: string, path: string, views: readonly View[]): Promise<string[]> {
  const failures: string[] = [];
  // A missing stylesheet is missing at every width and theme: named once per route.
  const seen = new Set<string>();
  await setLayoutWidth(page, 1280);
  await gotoSettled(page, `${server.url}${path}`);
  await page.locator("main").first().waitFor();
  await injectAxeOnEveryVisit(page);
  for (const [width, theme] of views) {
    await setLayoutWidth(page, width);
    await setTheme(page, theme);
    for (const finding of await drawnFindings(page, styledClasses)) {
      if (finding.check === "stylesheet" && seen.has(finding.detail)) continue;
      seen.add(finding.detail);
      failures.push(`${state} ${path} @${width}px ${theme}: ${finding.check}: ${finding.element}: ${finding.detail}`);
    }
    if (SCREENSHOTS) {
      const slug = path === "/" ? "home" : path.slice(1).replace(/[/?&=,]+/g, "_");
      mkdirSync(join(SCREENS_DIR, state), { recursive: true });
      await page.screenshot({ path: join(SCREENS_DIR, state, `${slug}__${width}__${theme}.png`), fullPage: true });
    }
  }
  return failures;
}

/** Through the header's toggle, as a visitor would (charts redraw in the theme's colours); the class on <html> if a page has none. */
async function setTheme(page: Page, theme: "light" | "dark") {
  const dark = theme === "dark";
  const toggle = page.getByRole("button", { name: "Dark mode" });
  if ((await toggle.count()) === 1 && (await toggle.isVisible())) {
    if ((await toggle.getAttribute("aria-pressed")) !== String(dark)) await toggle.click();
  } else {
    await page.evaluate((on) => document.documentElement.classList.toggle("dark", on), dark);
  }
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark")), `${theme} theme`).toBe(dark);
}

async function checkAll(page: Page, state: string, paths: readonly string[], views: readonly View[] = EVERY_VIEW): Promise<string[]> {
  const failures: string[] = [];
  for (const path of paths) failures.push(...(await checkRoute(page, state, path, views)));
  return failures;
}

describe("the layout of every screen", () => {
  // The reduced run's signed-out check is in site-routes.test.ts, on the visit it makes anyway.
  it.skipIf(!FULL)("signed out", async () => {
    const context = await browser.newContext();
    try {
      expect(await checkAll(await context.newPage(), "signed-out", ALL_ROUTES)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 900_000);

  it.skipIf(!FULL)("signed in on Pro with nothing tracked yet", async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signInAsPro(page, server.url);
      expect(await checkAll(page, "pro-empty", only(APP_ROUTES.map(visitPath)))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 900_000);

  it("signed in, on the first day of tracking (one snapshot per ASIN)", async () => {
    const plans = FULL ? (["free", "pro"] as const) : (["pro"] as const);
    for (const plan of plans) accounts[plan] = await trackingAccount(browser, server.url, plan);
    await snapshotDay(server, accounts.pro?.page ?? accounts.free!.page, utcMidnight(0));
    const failures: string[] = [];
    for (const plan of plans) failures.push(...(await checkAll(accounts[plan]!.page, `${plan}-day-one`, SIGNED_IN_ROUTES, DAY_ONE_VIEWS)));
    expect(failures).toEqual([]);
  }, 900_000);

  it("signed in, after a week of snapshots", async () => {
    const plans = FULL ? (["free", "pro"] as const) : (["pro"] as const);
    const page = accounts.pro?.page ?? accounts.free?.page;
    if (!page) throw new Error("the first-day test signs the accounts in");
    for (let daysAgo = 6; daysAgo >= 1; daysAgo--) await snapshotDay(server, page, utcMidnight(daysAgo));
    const failures: string[] = [];
    for (const plan of plans) failures.push(...(await checkAll(accounts[plan]!.page, `${plan}-week`, SIGNED_IN_ROUTES, WEEK_VIEWS)));
    expect(failures).toEqual([]);
  }, 900_000);
});

describe("the first visit's theme", () => {
  it("follows the system's dark preference, and a saved choice wins over it", async () => {
    const context = await browser.newContext({ colorScheme: "dark" });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/pricing`);
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
      await page.evaluate(() => localStorage.setItem("darkMode", "false"));
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(false);
      await page.emulateMedia({ colorScheme: "light" });
      await page.evaluate(() => localStorage.setItem("darkMode", "true"));
      await page.reload();
      expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
