/**
 * The layout check's own checks, on small pages made to break each rule: each one is found, and
 * a page that keeps every rule gives no finding. Real Chromium, no app server.
 */
import { describe, expect, it } from "vitest";
import { useBrowserTab } from "./browser.ts";
import { injectAxe } from "./axe.ts";
import { layoutFindings } from "./layout-checks.ts";

const tab = useBrowserTab({ viewport: { width: 390, height: 800 } }, { reuseTab: true });

async function findings(body: string, styled: string[] = [], css = "") {
  await tab.page.setContent(
    `<!doctype html><html lang="en"><head><title>t</title><style>body{margin:0;font:16px sans-serif;background:#fff;color:#111} .card{background:#fff} ${css}</style></head><body><main>${body}</main></body></html>`,
  );
  await injectAxe(tab.page);
  return layoutFindings(tab.page, styled);
}

describe("the layout checks", () => {
  it("find nothing on a page that keeps every rule", async () => {
    expect(await findings(`<h1>Title</h1><p class="intro">Some text</p><div class="card time-chart" style="--chart-axis:#475569">chart</div>`, ["intro"], ".intro{color:#333}")).toEqual([]);
  });

  it("find a page wider than the viewport, naming the element", async () => {
    const found = await findings(`<h1>Title</h1><div class="wide" style="width:600px">wide</div>`);
    expect(found).toContainEqual(expect.objectContaining({ check: "overflow", element: expect.stringContaining("div.wide") }));
  });

  it("but not a wide table inside its own scroll box", async () => {
    expect(await findings(`<h1>Title</h1><div style="overflow-x:auto"><div style="width:600px">wide</div></div>`)).toEqual([]);
  });

  it("find a blank stretch taller than half the viewport inside main", async () => {
    const found = await findings(`<h1>Title</h1><p class="tall" style="min-height:100vh">Intro</p><p>Plans</p>`);
    expect(found).toContainEqual(expect.objectContaining({ check: "gap", element: expect.stringContaining("p.tall") }));
  });

  it("find text cut off by its box", async () => {
    const found = await findings(`<h1>Title</h1><p class="clamp" style="height:1.2em;overflow:hidden;width:100px">A long title that wraps onto several lines</p>`);
    expect(found).toContainEqual(expect.objectContaining({ check: "clipped", element: expect.stringContaining("p.clamp") }));
  });

  it("find a class the build styles that no loaded stylesheet does", async () => {
    const found = await findings(`<h1>Title</h1><dl class="facts"><dt>Plan</dt><dd>Pro</dd></dl>`, ["facts"]);
    expect(found).toContainEqual(expect.objectContaining({ check: "stylesheet", detail: expect.stringContaining(".facts") }));
  });

  it("find a table scrolling sideways whose first column scrolls out of its box, but not one whose first column stays", async () => {
    const table = (sticky: string) =>
      `<h1>Title</h1><div class="scroller" style="overflow-x:auto;width:300px"><table class="wide" style="width:900px"><thead><tr><th>Product</th><th style="width:800px">Rank</th></tr></thead><tbody><tr><td ${sticky}>Drill</td><td>#5</td></tr></tbody></table></div>`;
    const found = await findings(table(""));
    expect(found).toContainEqual(expect.objectContaining({ check: "table-scroll", element: expect.stringContaining("table.wide") }));
    expect(await findings(table(`style="position:sticky;left:0;background:#fff"`)), "sticky").toEqual([]);
  });

  it("find low text contrast (axe) and chart labels too faint for the card", async () => {
    const found = await findings(`<h1>Title</h1><p style="color:#bbb">faint</p><div class="card time-chart" style="--chart-axis:#000;background:#111a2e">chart</div>`);
    expect(found).toContainEqual(expect.objectContaining({ check: "contrast" }));
    expect(found).toContainEqual(expect.objectContaining({ check: "chart-contrast", detail: expect.stringContaining("--chart-axis #000") }));
  });
});
