/**
 * The compare tool in real Chromium against `wrangler dev` (mock data): ten pasted inputs of
 * every kind as Pro, sorting, removing a column, the shared URL, both downloads (with the compare's
 * receipt, taking no lookup again), the rank history chart and axe; the sample products' Buy Box
 * share and a marketplace breakdown; and the Free limit refused before any call, with the way to Pro.
 */
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { useBrowserTab } from "./browser.ts";
import { pageApi } from "./layout-states.ts";
import { signInAsPro } from "./pro-account.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab({ acceptDownloads: true });

const ASINS = ["B08N5WRWNW", "B07XJ8C8F5", "B09B8V1LZ3", "B0BDHWDR9X", "B0C1234567", "B01N5IB20Q", "B07FZ8S74R", "B08C1W5N87", "B07PXGQC1Q", "B0D7654321"];
/** The same ten as sellers paste them: URLs of both product paths, spaces, lower case, commas, new lines. */
const PASTED = [
  `https://www.amazon.com/Echo-Dot/dp/${ASINS[0]}/ref=sr_1_1?th=1`,
  `  ${ASINS[1]!.toLowerCase()}  `,
  `${ASINS[2]}, ${ASINS[3]!.toLowerCase()}`,
  `https://www.amazon.com/gp/product/${ASINS[4]}`,
  `${ASINS[5]}\t${ASINS[6]}`,
  `amazon.com/dp/${ASINS[7]!.toLowerCase()}`,
  `${ASINS[8]},${ASINS[9]}, ${ASINS[0]}`,
].join("\n");

const main = () => tab.page.getByRole("main");
const table = () => main().locator("table.compare-table");
const columnAsins = () => table().locator("thead th[data-asin]").allTextContents();
const rowCells = (label: string) => table().locator("tbody tr", { has: tab.page.locator(`th[scope=row]:text-is("${label}")`) }).locator("td").allTextContents();
const asField = () => main().getByLabel(/ASINs or Amazon product links/);

async function download(name: RegExp) {
  const [file, request] = await Promise.all([
    tab.page.waitForEvent("download"),
    tab.page.waitForRequest((req) => new URL(req.url()).pathname === "/api/exports/compare"),
    main().getByRole("button", { name }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!), query: new URL(request.url()).searchParams };
}

/** The lookups this browser's account has left this minute, read from a lookup (which takes one). */
async function lookupsLeft(): Promise<number> {
  const header = await tab.page.evaluate(async () => (await fetch("/api/v1/lookup?asin=B0BENCH001&marketplace=US")).headers.get("RateLimit"));
  return Number(/;r=(\d+)/.exec(header ?? "")?.[1]);
}

describe("the compare tool, in a real browser", () => {
  it("as Pro compares 10 pasted inputs, sorts, removes, shares and downloads CSV and PDF", async () => {
    await signInAsPro(tab.page, appUrl);
    await tab.page.goto(`${appUrl}/compare`);
    await main().getByText(/up to 10 on Pro/).waitFor();
    await asField().fill(PASTED);
    await main().getByText("10 ASINs to compare (1 repeat removed).").waitFor();
    await main().getByRole("button", { name: "Compare", exact: true }).click();

    await table().waitFor();
    expect(await columnAsins()).toEqual(ASINS);
    expect(await main().getByText("Mock Data").count()).toBeGreaterThan(0);

    // Sort by rank: ascending, best first, and it is the one highlighted.
    await main().getByRole("button", { name: "Rank" }).click();
    const ranks = (await rowCells("Rank")).map((text) => Number(text.replace(/[^\d]/g, "")));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Best only among ranks of one category: the first column's, or none with the note saying why.
    const best = await table().locator("tbody td").filter({ hasText: "Best rank" }).count();
    if (best === 0) await main().getByText(/These ranks are in different categories/).waitFor();
    else expect([best, (await rowCells("Rank"))[0]]).toEqual([1, expect.stringContaining("Best rank")]);
    await main().getByRole("button", { name: /^Price/ }).click();
    const prices = (await rowCells("Price")).map((text) => Number(text.replace(/[^\d.]/g, "")));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // Remove one: the URL follows, without it.
    await main().getByRole("button", { name: `Remove ${ASINS[3]}` }).click();
    await tab.page.waitForURL((url) => !url.searchParams.get("asins")!.includes(ASINS[3]!));
    await expect.poll(async () => (await columnAsins()).length).toBe(9);
    const shared = tab.page.url();
    expect(new URL(shared).searchParams.get("marketplace")).toBe("US");

    // The rank history chart (Pro) over the products compared.
    await main().getByRole("heading", { name: "Rank history" }).waitFor();
    await main().getByRole("button", { name: "90 days" }).click();
    await main().locator(".time-chart, .chart-empty").first().waitFor();
    expect(await seriousViolations(tab.page), "/compare with results").toEqual([]);

    // Both downloads reach the browser, named by dataset, marketplace and day; they carry the
    // compare's receipt, so neither takes the nine products' lookups again (18 of the minute's 30).
    const leftBefore = await lookupsLeft();
    const csv = await download(/Export compare as CSV/);
    expect(csv.query.get("receipt")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(csv.name).toMatch(/^ranklayer-compare-US-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = csv.bytes.toString("utf8");
    expect(text.charCodeAt(0)).toBe(0xfeff);
    for (const asin of ASINS.filter((a) => a !== ASINS[3])) expect(text).toContain(asin);
    expect(text).not.toContain(ASINS[3]);
    const pdf = await download(/Export compare as PDF/);
    expect(pdf.name).toMatch(/^ranklayer-compare-US-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await main().getByText(/^Downloaded ranklayer-compare-US-.*\.pdf$/).waitFor();
    // One fewer: the lookup that reads it (more if the minute began again meanwhile).
    expect(await lookupsLeft()).toBeGreaterThanOrEqual(leftBefore - 1);

    // The shared URL, opened fresh, shows the same table in the same order (input order).
    await main().getByRole("button", { name: "As entered" }).click();
    const order = await columnAsins();
    const other = await tab.context.newPage();
    await other.goto(shared);
    await other.locator("table.compare-table").waitFor();
    expect(await other.locator("table.compare-table thead th[data-asin]").allTextContents()).toEqual(order);
    expect(await other.getByLabel(/ASINs or Amazon product links/).inputValue()).toBe(order.join("\n"));
    await other.close();
    expect(tab.consoleErrors).toEqual([]);
  });

  it("as Pro with the sample products, shows each one's Buy Box share over the chart's days, labelled mock, and one in every marketplace", async () => {
    await signInAsPro(tab.page, appUrl);
    expect((await pageApi(tab.page, "POST", "/api/watchlist/samples")).status).toBe(201);
    await tab.page.goto(`${appUrl}/compare?asins=B0SAMPLE01,B0SAMPLE02,B08N5WRWNW&marketplace=US`);
    const list = main().locator(".buy-box-share__list");
    await list.waitFor();
    const items = await list.getByRole("listitem").allTextContents();
    expect(items).toEqual([
      expect.stringMatching(/^B0SAMPLE01\d{1,3}% \(\d+ of 30 days\)Mock Data$/),
      expect.stringMatching(/^B0SAMPLE02\d{1,3}% \(\d+ of 30 days\)Mock Data$/),
      "B08N5WRWNWNo data from your seller account",
    ]);
    // The 7-day range asks again: a week of days.
    await main().getByRole("button", { name: "7 days" }).click();
    await expect.poll(async () => (await list.getByRole("listitem").first().textContent()) ?? "").toMatch(/of 7 days\)/);

    // The marketplace breakdown: the chosen product in each of Pro's nine marketplaces, on a click.
    await main().getByLabel("Product to show by marketplace").selectOption("B0SAMPLE02");
    await main().getByRole("button", { name: "Show in 9 marketplaces" }).click();
    const breakdown = main().getByRole("table", { name: "B0SAMPLE02 in each marketplace" });
    await breakdown.waitFor();
    expect(await breakdown.getByRole("rowheader").allTextContents()).toEqual([
      "United States (US)", "Canada (CA)", "Mexico (MX)", "United Kingdom (UK)", "Germany (DE)", "France (FR)", "Italy (IT)", "Spain (ES)", "Japan (JP)",
    ]);
    expect(await seriousViolations(tab.page), "/compare with Buy Box share and a marketplace breakdown").toEqual([]);
    expect(tab.consoleErrors).toEqual([]);
  });

  it("as Free refuses a 6th ASIN before any call, with the upgrade link", async () => {
    const compareCalls: string[] = [];
    tab.page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/v1/compare") compareCalls.push(request.url());
    });
    await tab.page.goto(`${appUrl}/compare`);
    await main().getByText(/up to 5 on Free/).waitFor();
    await asField().fill(ASINS.slice(0, 6).join(" "));
    const refusal = main().getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain("Your Free plan compares up to 5 ASINs at once; remove 1.");
    expect(await refusal.getByRole("link", { name: "Upgrade to Pro to compare up to 10" }).getAttribute("href")).toBe("/pricing");
    await main().getByRole("button", { name: "Compare", exact: true }).click();
    expect(await table().count()).toBe(0);

    // Not an ASIN is named before any call too; five real ones compare.
    await asField().fill(`${ASINS.slice(0, 5).join(",")}, nope`);
    await main().getByText("Not ASINs or Amazon product links: nope").waitFor();
    expect(compareCalls).toEqual([]);
    await asField().fill(ASINS.slice(0, 5).join(","));
    await main().getByRole("button", { name: "Compare", exact: true }).click();
    await table().waitFor();
    expect(await columnAsins()).toEqual(ASINS.slice(0, 5));
    expect(compareCalls).toHaveLength(1);
    expect(await main().getByRole("link", { name: "See Pro pricing", exact: true }).count()).toBe(1);
    expect(await seriousViolations(tab.page), "/compare as Free").toEqual([]);
  });
});
