/** /compare on a 390 px wide phone: the products scroll sideways under pinned row names, and nothing else overflows. */
import { describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { useBrowserTab } from "./browser.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

describe("the compare tool on a phone", () => {
  it("shows a shared compare readable at 390 px wide", async () => {
    await tab.page.goto(`${appUrl}/compare?asins=B08N5WRWNW,B07XJ8C8F5,B09B8V1LZ3&marketplace=US`);
    const table = tab.page.locator("table.compare-table");
    await table.waitFor();
    expect(await table.locator("thead th[data-asin]").allTextContents()).toEqual(["B08N5WRWNW", "B07XJ8C8F5", "B09B8V1LZ3"]);

    // The page itself never scrolls sideways; the table's own region does.
    const widths = await tab.page.evaluate(() => {
      const region = document.querySelector(".compare-table__scroll")!;
      const wide = [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > 391 && !region.contains(el.parentElement))
        .map((el) => `${el.tagName}.${el.className}:${Math.round(el.getBoundingClientRect().right)}`);
      return { page: document.documentElement.scrollWidth, region: region.clientWidth, table: region.scrollWidth, wide };
    });
    expect(widths.page, widths.wide.join(" ")).toBeLessThanOrEqual(390);
    expect(widths.table).toBeGreaterThan(widths.region);

    // Scrolled to the last product, the row names stay where they were.
    const rowName = table.locator("th[scope=row]", { hasText: "Rank" });
    const before = (await rowName.boundingBox())!.x;
    await tab.page.locator(".compare-table__scroll").evaluate((region) => region.scrollTo({ left: region.scrollWidth }));
    await expect.poll(async () => (await rowName.boundingBox())!.x).toBe(before);
    expect(await table.locator("thead th[data-asin]").last().isVisible()).toBe(true);

    expect(await seriousViolations(tab.page), "/compare at 390 px").toEqual([]);
    expect(tab.consoleErrors).toEqual([]);
  });
});
