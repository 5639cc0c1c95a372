/**
 * The aggregated portfolio across seller accounts, in real Chromium against the file's own app
 * server (local-app.ts, since it fires the 02:00 cron): the demo account on Pro adds a sample client (a
 * second mock seller, EU) in Settings → Connection Status, tracks a US and a German ASIN, and
 * after the nightly run /portfolio shows both connections with revenue in two currencies, never
 * converted; the drill-down shows one client. axe-clean, and at 390 px without sideways scroll.
 */
import { describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { useBrowserTab } from "./browser.ts";
import { useOwnAppServer } from "./own-app-server.ts";
import { signInAsPro } from "./pro-account.ts";

const server = useOwnAppServer();
const tab = useBrowserTab();
const main = () => tab.page.getByRole("main");
const TRACKED = [
  { asin: "B08N5WRWNW", marketplace: "US" },
  { asin: "B07XJ8C8F5", marketplace: "DE" },
];

interface Portfolio {
  clients: { revenueByCurrency: { currency: string }[]; rows: { name: string }[] };
}

function apiJson<T>(path: string): Promise<T> {
  return tab.page.evaluate(async (url) => (await (await fetch(url)).json()) as T, path);
}

/** A state change from the page, with the XSRF header the app's own client sends. */
function apiPost(path: string, body: unknown): Promise<number> {
  return tab.page.evaluate(
    async ([url, json]) => {
      const xsrf = /(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? "";
      const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": decodeURIComponent(xsrf) }, body: json });
      return res.status;
    },
    [path, JSON.stringify(body)] as const,
  );
}

describe("the aggregated portfolio across seller accounts", () => {
  it("shows two connections in two currencies, and drills down to one client", async () => {
    await signInAsPro(tab.page, server.url);
    await tab.page.goto(`${server.url}/settings`);
    await main().getByRole("button", { name: "Add a sample client" }).click();
    await main().getByText(/A sample client was added/).waitFor();
    await main().getByText("Sample client EU", { exact: true }).waitFor();
    expect(await seriousViolations(tab.page), "settings with two connections").toEqual([]);

    for (const key of TRACKED) expect(await apiPost("/api/watchlist", key)).toBe(201);
    await server.fireCron("0 2 * * *");
    const currencies = async () => (await apiJson<Portfolio>("/api/portfolio")).clients.revenueByCurrency.map((money) => money.currency).sort();
    await expect.poll(currencies, { timeout: 60_000, interval: 1_000 }).toEqual(["EUR", "USD"]);

    await tab.page.goto(`${server.url}/portfolio`);
    const clients = main().getByRole("table", { name: "Seller accounts in this portfolio" });
    await clients.locator("tbody tr").nth(1).waitFor();
    expect(await clients.locator("tbody th").allTextContents()).toEqual(["Demo seller", "Sample client EU"]);
    const revenue = await main().locator(".kpi").filter({ has: tab.page.getByRole("heading", { name: "Revenue by currency" }) }).textContent();
    expect(revenue).toContain("€");
    expect(revenue).toContain("$");
    expect(await seriousViolations(tab.page), "portfolio across clients").toEqual([]);

    await clients.getByRole("link", { name: "Sample client EU" }).click();
    await tab.page.waitForURL(/\/portfolio\?connection=/);
    await main().getByRole("heading", { name: "This client" }).waitFor();
    expect(await clients.locator("tbody th").allTextContents()).toEqual(["Sample client EU"]);
    const oneClient = await main().locator(".kpi").filter({ has: tab.page.getByRole("heading", { name: "Revenue by currency" }) }).textContent();
    expect(oneClient).toContain("€");
    expect(oneClient).not.toContain("$");

    await tab.page.setViewportSize({ width: 390, height: 844 });
    await tab.page.goto(`${server.url}/portfolio`);
    await clients.locator("tbody tr").nth(1).waitFor();
    expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(tab.page), "portfolio at 390 px").toEqual([]);
    expect(tab.consoleErrors).toEqual([]);
  }, 180_000);
});
