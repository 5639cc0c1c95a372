/**
 * The states the layout check visits the app in: signed out, and the demo account on Free and
 * on Pro, each with ASINs tracked on their first day (one snapshot) and after a week of them.
 * A week of history is made the way production makes it: the 02:00 cron, fired once per past day.
 */
import { expect } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { signInAsFree, signInAsPro } from "./pro-account.ts";

export const LAYOUT_ASINS = ["B08N5WRWNW", "B07XJ8C8F5", "B0C1H26C46"];
const DAY_MS = 86_400_000;

/** A fetch from inside the page, with the XSRF cookie echoed as the app's client does. */
export async function pageApi(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const cookie = () => document.cookie.split("; ").find((entry) => entry.startsWith("XSRF-TOKEN="))?.slice("XSRF-TOKEN=".length);
      if (!cookie()) await fetch("/api/auth/xsrf", { credentials: "same-origin" });
      const headers: Record<string, string> = { Accept: "application/json" };
      if (body !== undefined) headers["Content-Type"] = "application/json";
      const token = cookie();
      if (token) headers["X-XSRF-TOKEN"] = decodeURIComponent(token);
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  );
}

export interface SignedInState {
  context: BrowserContext;
  page: Page;
}

/** A fresh context signed in on `plan`, tracking LAYOUT_ASINS. */
export async function trackingAccount(browser: Browser, appUrl: string, plan: "free" | "pro"): Promise<SignedInState> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (plan === "pro") await signInAsPro(page, appUrl);
  else await signInAsFree(page, appUrl);
  for (const asin of LAYOUT_ASINS) {
    const added = await pageApi(page, "POST", "/api/watchlist", { asin, marketplace: "US" });
    expect([200, 201, 409], `watchlist ${asin}: ${JSON.stringify(added.body)}`).toContain(added.status);
  }
  return { context, page };
}

/** Fires the 02:00 snapshot cron on `server` as of `dayStartMs` + 2 h and waits until every LAYOUT_ASIN has that day's point. */
export async function snapshotDay(server: { fireCron(cron: string, scheduledTimeMs: number): Promise<void> }, page: Page, dayStartMs: number): Promise<void> {
  const day = new Date(dayStartMs).toISOString().slice(0, 10);
  await server.fireCron("0 2 * * *", dayStartMs + 2 * 3_600_000);
  const has = async () => {
    for (const asin of LAYOUT_ASINS) {
      const history = await pageApi(page, "GET", `/api/history?asin=${asin}&marketplace=US&range=7d`);
      const points = (history.body as { points?: { day: string }[] } | null)?.points ?? [];
      if (!points.some((point) => point.day === day)) return false;
    }
    return true;
  };
  for (let wait = 0; wait < 60 && !(await has()); wait++) await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await has(), `every ASIN has a point on ${day}`).toBe(true);
}

/** Today's UTC midnight, and the one `days` before it. */
export function utcMidnight(daysAgo = 0, nowMs = Date.now()): number {
  const now = new Date(nowMs);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY_MS;
}
