import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser.ts";

const appUrl = inject("appUrl");
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  // A phone-sized window, so every page is long enough to scroll.
  context = await browser.newContext({ viewport: { width: 390, height: 700 } });
  page = await context.newPage();
  consoleErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
});
afterEach(async () => {
  await context.close();
});

describe("Check an ASIN buttons in a real browser", () => {
  it.each([
    ["/", "Check an ASIN Free"],
    ["/resources/ranklayer-vs-keepa", "Check an ASIN"],
  ])("on %s, %s scrolls back up to the lookup form and focuses the ASIN input", async (path, buttonName) => {
    await page.goto(`${appUrl}${path}`);
    const button = page.getByRole("button", { name: buttonName, exact: true });
    await button.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await button.click();

    // A smooth scroll over a long page can outlast expect.poll's default second.
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("asin");
    await page.keyboard.type("b08n5wrwnw");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Product Details" }).waitFor();
    expect(consoleErrors).toEqual([]);
  });
});
