/**
 * The Pro API in a real browser: /docs/api renders from /api/openapi.json with no console
 * error and no serious axe violation; a demo (Pro) user creates a key in Settings → API
 * Access, a script uses it with no cookie, and "Try it" calls the API with the session.
 */
import { describe, expect, inject, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { useBrowserTab } from "./browser.ts";
import { signInAsPro } from "./pro-account.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab();
const main = () => tab.page.getByRole("main");

describe("/docs/api and API keys in a real browser", () => {
  it("renders every operation, accessibly, with no console error", async () => {
    await tab.page.goto(`${appUrl}/docs/api`);
    await main().getByRole("heading", { level: 1, name: "RankLayer API" }).waitFor();
    await main().getByRole("article", { name: "GET /api/v1/lookup" }).waitFor();
    const document = await (await fetch(`${appUrl}/api/openapi.json`)).json();
    const operations = Object.values(document.paths as Record<string, object>).flatMap((methods) => Object.keys(methods));
    expect(await main().getByRole("article").count()).toBe(operations.length);
    expect(await main().getByText('-H "Authorization: Bearer rl_live_YOUR_API_KEY"').count()).toBeGreaterThan(0);
    expect(await seriousViolations(tab.page), "/docs/api").toEqual([]);
    expect(tab.consoleErrors).toEqual([]);
  });

  it("a demo user creates a key that a script can use, and tries an operation from the docs", async () => {
    // Keys are a Pro feature: the demo starts on Free and upgrades to demo Pro on /billing.
    await signInAsPro(tab.page, appUrl);

    await tab.page.goto(`${appUrl}/settings`);
    await tab.page.getByRole("tab", { name: "API Access" }).click();
    const panel = tab.page.getByRole("tabpanel");
    await panel.getByRole("textbox", { name: "Key name" }).fill("e2e script");
    await panel.getByRole("button", { name: "Create key" }).click();
    const key = (await panel.getByLabel("New API key").textContent()) ?? "";
    expect(key).toMatch(/^rl_live_[0-9A-Za-z]{43}$/);
    expect(await seriousViolations(tab.page), "Settings → API Access with a new key").toEqual([]);

    const res = await fetch(`${appUrl}/api/v1/lookup?asin=B08N5WRWNW`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("RateLimit-Policy")).toBe('"hour";q=1000;w=3600');

    await tab.page.goto(`${appUrl}/docs/api`);
    const lookup = main().getByRole("article", { name: "GET /api/v1/lookup" });
    await lookup.getByRole("button", { name: "Send GET" }).click();
    await expect.poll(() => lookup.getByLabel("Response body").textContent()).toContain('"asin": "B08N5WRWNW"');
    expect(await seriousViolations(tab.page), "/docs/api signed in, after Try it").toEqual([]);
    expect(tab.consoleErrors).toEqual([]);
  });
});
