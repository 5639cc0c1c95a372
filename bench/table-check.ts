/**
 * The Chromium check of `npm run bench`: the dashboard of the seller tracking 10,000 ASINs,
 * opened in Debian's Chromium: how many table rows the page rendered, and how long until the
 * table showed. Here and not in `npm test`: it needs the bench's seeded store.
 */
import { chromium } from "playwright-core";

export interface TableCheck {
  renderedRows: number;
  msToTable: number;
}

export async function checkDashboardTable(appUrl: string, sessionCookie: string): Promise<TableCheck> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const context = await browser.newContext();
    const [name, ...value] = sessionCookie.split("=");
    // A __Host- cookie must be Secure: set for the https origin, Chromium still sends it to
    // http://127.0.0.1, a potentially trustworthy origin (as it keeps the app's own Set-Cookie).
    await context.addCookies([{ name: name!, value: value.join("="), url: appUrl.replace(/^http:/, "https:"), secure: true, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${appUrl}/dashboard`);
    const table = page.getByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    await table.locator("tbody tr").first().waitFor({ timeout: 60_000 });
    const msToTable = Date.now() - started;
    return { renderedRows: await table.locator("tbody tr").count(), msToTable };
  } finally {
    await browser.close();
  }
}
