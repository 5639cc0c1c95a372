/**
 * The Chromium check of `npm run bench`: the dashboard of the seller tracking 10,000 ASINs,
 * opened in Debian's Chromium: how many table rows the page rendered, and how long until the
 * table showed. Here and not in `npm test`: it needs the bench's seeded store.
 */
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { FULL_CHROMIUM } from "../test/e2e/chromium.ts";

export interface TableCheck {
  renderedRows: number;
  msToTable: number;
}

async function launch() {
  return chromium.launch({
    executablePath: FULL_CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** A page signed in with the session cookie. */
async function signedInPage(browser: Browser, appUrl: string, sessionCookie: string) {
  const context = await browser.newContext();
  const [name, ...value] = sessionCookie.split("=");
  // A __Host- cookie must be Secure: set for the https origin, Chromium still sends it to
  // http://127.0.0.1, a potentially trustworthy origin (as it keeps the app's own Set-Cookie).
  await context.addCookies([{ name: name!, value: value.join("="), url: appUrl.replace(/^http:/, "https:"), secure: true, httpOnly: true, sameSite: "Lax" }]);
  return context.newPage();
}

/**
 * Opens `path` signed in, times it until the table named `tableName` shows a row, then lets
 * `read` count what the page rendered; the browser is closed whatever happens.
 */
async function timeTable<T>(appUrl: string, sessionCookie: string, path: string, tableName: string, read: (page: Page, rows: Locator) => Promise<T>): Promise<T & { msToTable: number }> {
  const browser = await launch();
  try {
    const page = await signedInPage(browser, appUrl, sessionCookie);
    const started = Date.now();
    await page.goto(`${appUrl}${path}`);
    const rows = page.getByRole("table", { name: tableName }).locator("tbody tr");
    await rows.first().waitFor({ timeout: 60_000 });
    const msToTable = Date.now() - started;
    return { ...(await read(page, rows)), msToTable };
  } finally {
    await browser.close();
  }
}

export function checkDashboardTable(appUrl: string, sessionCookie: string): Promise<TableCheck> {
  return timeTable(appUrl, sessionCookie, "/dashboard", "Tracked ASINs from the latest snapshots", async (_page, rows) => ({ renderedRows: await rows.count() }));
}

export interface PortfolioCheck {
  clientRows: number;
  brandRows: number;
  msToTable: number;
}

/** /portfolio of an agency workspace in Chromium: the clients table's rows and the brand table's. */
export function checkPortfolioPage(appUrl: string, sessionCookie: string): Promise<PortfolioCheck> {
  return timeTable(appUrl, sessionCookie, "/portfolio", "Seller accounts in this portfolio", async (page, rows) => ({
    clientRows: await rows.count(),
    brandRows: await page.locator("section[aria-labelledby='brand-table-title'] tbody tr").count(),
  }));
}
