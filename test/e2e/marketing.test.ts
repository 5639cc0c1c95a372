import { describe, expect, inject, it } from "vitest";
import { useBrowserTab } from "./browser.ts";

const appUrl = inject("appUrl");
// A phone-sized window, so every page is long enough to scroll.
const tab = useBrowserTab({ viewport: { width: 390, height: 700 } }, { reuseTab: true });

describe("Check an ASIN buttons in a real browser", () => {
  it.each([
    ["/", "Check an ASIN Free"],
    ["/resources/ranklayer-vs-keepa", "Check an ASIN"],
  ])("on %s, %s scrolls back up to the lookup form and focuses the ASIN input", async (path, buttonName) => {
    await tab.page.goto(`${appUrl}${path}`);
    const button = tab.page.getByRole("button", { name: buttonName, exact: true });
    await button.scrollIntoViewIfNeeded();
    expect(await tab.page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    await button.click();

    // A smooth scroll over a long page can outlast expect.poll's default second.
    await expect.poll(() => tab.page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
    expect(await tab.page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("asin");
    await tab.page.keyboard.type("b08n5wrwnw");
    await tab.page.keyboard.press("Enter");
    await tab.page.getByRole("heading", { name: "Product Details" }).waitFor();
    expect(tab.consoleErrors).toEqual([]);
  });
});
