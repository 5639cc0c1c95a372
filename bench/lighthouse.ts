/**
 * `npm run lighthouse`: Lighthouse (mobile, its default simulated throttling) on every route
 * of the built app, under `wrangler dev` with its own temporary storage (like the e2e suite),
 * in Debian's Chromium. The signed-in screens run after a demo sign-in in the same browser.
 * Prints the four category scores, LCP, TBT and CLS per route and exits 1 when a route misses
 * the goal: performance ≥ 95, accessibility, best practices and SEO = 100, CLS ≤ 0.02.
 * Routes that are noindex by design skip the "is-crawlable" audit (they are meant not to be).
 * LIGHTHOUSE_ROUTES=/,/pricing runs only those routes.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { ROUTE_META } from "../web/src/app/route-meta.ts";
import { freePort, startAppServer } from "../test/e2e/app-server.ts";
import { FULL_CHROMIUM } from "../test/e2e/chromium.ts";

const GOAL = { performance: 0.95, other: 1, cls: 0.02 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Screens that need a session: run after signing in with the demo account. */
const SIGNED_IN = new Set(["/onboarding", "/seller-central", "/alerts", "/notifications", "/settings"]);
/** A route's URL when it needs a query to show anything. */
const WITH_QUERY: Record<string, string> = { "/results": "/results?asin=B08N5WRWNW&marketplace=US" };

interface Row {
  route: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failures: string[];
}

const only = process.env.LIGHTHOUSE_ROUTES?.split(",").map((route) => route.trim());
const routes = Object.keys(ROUTE_META).filter((route) => !only || only.includes(route));
const signedOut = routes.filter((route) => !SIGNED_IN.has(route));
const signedIn = routes.filter((route) => SIGNED_IN.has(route));

async function startChromium(): Promise<{ port: number; stop(): void }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "ranklayer-lh-"));
  const child = spawn(
    FULL_CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--remote-debugging-port=${port}`,
      "--remote-debugging-address=127.0.0.1",
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore", detached: true },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("Chromium did not open its debugging port");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    stop() {
      process.kill(-child.pid!, "SIGTERM");
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Signs the browser's default profile into a demo account, onboarded, with an alert and a watched ASIN. */
async function signInDemo(chromePort: number, appUrl: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const page = await browser.contexts()[0]!.newPage();
  await page.goto(`${appUrl}/connect`);
  const failures = await page.evaluate(async () => {
    const xsrf = () => /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? "";
    const send = (path: string, method: string, body?: unknown) =>
      fetch(path, {
        method,
        headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": xsrf() },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((res) => (res.ok ? null : `${method} ${path}: ${res.status}`));
    await fetch("/api/auth/xsrf");
    return [
      await send("/api/auth/demo", "POST"),
      await send("/api/onboarding", "POST", { marketplace: "US", brandName: "Lighthouse Demo" }),
      await send("/api/alerts", "POST", { asin: "B08N5WRWNW", conditionType: "rank_above", threshold: 500, marketplace: "US" }),
      await send("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" }),
    ].filter(Boolean);
  });
  await page.close();
  if (failures.length) throw new Error(`demo sign-in for the signed-in screens failed: ${failures.join(", ")}`);
}

/** One route; a run Lighthouse could not record (NO_NAVSTART and the like, on a busy machine) is tried again once. */
async function audit(chromePort: number, appUrl: string, route: string, keepSession: boolean): Promise<Row> {
  const first = await auditOnce(chromePort, appUrl, route, keepSession);
  return first.measured ? first.row : (await auditOnce(chromePort, appUrl, route, keepSession)).row;
}

async function auditOnce(chromePort: number, appUrl: string, route: string, keepSession: boolean): Promise<{ row: Row; measured: boolean }> {
  const noindex = (ROUTE_META as Record<string, { noindex?: boolean }>)[route]?.noindex === true;
  const result = await lighthouse(`${appUrl}${WITH_QUERY[route] ?? route}`, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // Keeps the demo session's cookies for the signed-in screens.
    disableStorageReset: keepSession,
    skipAudits: noindex ? ["is-crawlable"] : [],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
  const { lhr } = result;
  if (lhr.runtimeError) console.error(`  ${route}: Lighthouse could not measure it: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? 0])) as Row["scores"];
  const row: Row = {
    route: `${route}${noindex ? " (noindex)" : ""}${keepSession ? " [signed in]" : ""}`,
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    failures: [],
  };
  if (scores.performance < GOAL.performance) row.failures.push("performance");
  for (const id of CATEGORIES.slice(1)) if (scores[id] < GOAL.other) row.failures.push(id);
  if (!(row.cls <= GOAL.cls)) row.failures.push("CLS");
  // Which audits cost points, so a failing run says what to fix.
  if (row.failures.length && process.env.LIGHTHOUSE_VERBOSE !== "0") {
    const weak = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
      .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
    console.error(`  ${route}: ${weak.join(", ")}`);
    // What moved, when CLS is part of the miss.
    const shifts = (lhr.audits["layout-shifts"]?.details as { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] } | undefined)?.items ?? [];
    for (const shift of shifts) console.error(`    shift ${shift.score?.toFixed(3)}: ${shift.node?.selector ?? "?"} ${shift.node?.snippet?.slice(0, 120) ?? ""}`);
  }
  return { row, measured: !lhr.runtimeError };
}

const pad = (text: string, width: number) => text.padEnd(width);
const score = (value: number) => String(Math.round(value * 100));

const app = await startAppServer({ DEMO_ACCOUNTS_PER_HOUR: "1000" });
const chrome = await startChromium();
const rows: Row[] = [];
try {
  for (const route of signedOut) {
    console.error(`lighthouse ${route}`);
    rows.push(await audit(chrome.port, app.url, route, false));
  }
  if (signedIn.length) {
    await signInDemo(chrome.port, app.url);
    for (const route of signedIn) {
      console.error(`lighthouse ${route} (signed in)`);
      rows.push(await audit(chrome.port, app.url, route, true));
    }
  }
} finally {
  chrome.stop();
  await app.stop();
}

const width = Math.max(...rows.map((row) => row.route.length), 5) + 2;
console.log(`${pad("Route", width)}Perf  A11y  BP    SEO   LCP ms  TBT ms  CLS    Goal`);
for (const row of rows) {
  const { performance, accessibility, "best-practices": bp, seo } = row.scores;
  console.log(
    `${pad(row.route, width)}${pad(score(performance), 6)}${pad(score(accessibility), 6)}${pad(score(bp), 6)}${pad(score(seo), 6)}` +
      `${pad(String(Math.round(row.lcpMs)), 8)}${pad(String(Math.round(row.tbtMs)), 8)}${pad(row.cls.toFixed(3), 7)}` +
      `${row.failures.length ? `MISSED: ${row.failures.join(", ")}` : "ok"}`,
  );
}
const missed = rows.filter((row) => row.failures.length);
console.log(missed.length ? `\n${missed.length} of ${rows.length} routes below the goal.` : `\nAll ${rows.length} routes meet the goal.`);
process.exit(missed.length ? 1 : 0);
