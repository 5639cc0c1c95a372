import { describe, expect, inject, it } from "vitest";
import { useBrowserTab } from "./browser.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab();

const main = () => tab.page.getByRole("main");
const nav = () => tab.page.getByRole("navigation", { name: "Main" });
const tabPanel = () => tab.page.getByRole("tabpanel");
/** The value beside a label in a facts list (Seller Central's header). */
const fact = (term: string) => main().locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]").textContent();

async function openSettingsTab(name: string) {
  await tab.page.getByRole("tab", { name }).click();
  await tabPanel().getByRole("heading", { name }).waitFor();
}

describe("the demo journey in a real browser (mock mode, no Amazon credentials)", () => {
  it("connects with the demo, onboards, fetches a catalog item, keeps settings and signs out", async () => {
    // /connect: SP-API is not configured here, so the page offers the demo.
    await tab.page.goto(`${appUrl}/connect`);
    await main().getByText(/runs in mock mode/).waitFor();
    await main().getByRole("button", { name: "Continue with Demo" }).click();

    // First visit: onboarding, step 1 of 2 (the demo has no Amazon connection to count as a done step).
    await tab.page.waitForURL(`${appUrl}/onboarding`);
    await main().getByText("Step 1 of 2").waitFor();
    await main().getByLabel("Default Marketplace").selectOption("DE");
    await main().getByLabel(/Brand Name/).fill("Acme Outdoors");
    await main().getByRole("button", { name: "Continue to Seller Central" }).click();

    // Seller Central shows what was saved, and says plainly that this is the demo.
    await tab.page.waitForURL(`${appUrl}/seller-central`);
    await main().getByRole("heading", { level: 1, name: "Seller Central" }).waitFor();
    expect(await fact("Marketplace")).toBe("Germany (DE)");
    expect(await fact("Brand")).toBe("Acme Outdoors");
    expect(await main().getByText("Demo account", { exact: true }).isVisible()).toBe(true);
    expect(await main().getByText("Connected", { exact: true }).count()).toBe(0);
    expect(await main().getByRole("link", { name: "Connect Now" }).getAttribute("href")).toBe("/connect");

    // The session cookie is out of the page's reach.
    const session = (await tab.context.cookies()).find((cookie) => cookie.name === "__Host-session");
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax", path: "/" });
    expect(await tab.page.evaluate(() => document.cookie)).not.toContain("__Host-session");

    // A catalog fetch: from the mock seller API, and labelled so.
    // The dashboard above it has its own ASIN field (add to watchlist): use the catalog form's.
    const catalog = main().getByRole("region", { name: "Fetch Catalog Item" });
    const asin = catalog.getByLabel("ASIN");
    await asin.fill("b08n5wrwnw");
    expect(await asin.inputValue()).toBe("B08N5WRWNW");
    expect(await catalog.getByLabel("Marketplace").inputValue()).toBe("DE");
    await catalog.getByRole("button", { name: "Fetch from SP-API" }).click();
    const item = catalog.getByRole("article");
    await item.waitFor();
    expect(await item.getByText("Mock Data", { exact: true }).isVisible()).toBe(true);
    expect(await item.getByText("ASIN B08N5WRWNW").isVisible()).toBe(true);
    expect(await item.getByText(/^Fetched at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/).isVisible()).toBe(true);
    // The mock ranks the item in its top-level category and (as a leaf) a sub-category.
    const ranks = await item.getByRole("listitem").allTextContents();
    expect(ranks.length).toBeGreaterThan(0);
    for (const rank of ranks) expect(rank).toMatch(/^\S.*#[\d,]+$/);

    // Settings: change a toggle and the frequency, save, reload: still there.
    await tab.page.getByRole("contentinfo").getByRole("link", { name: "Settings" }).click();
    await tab.page.waitForURL(`${appUrl}/settings`);
    await openSettingsTab("Notifications");
    const weeklyReport = tabPanel().getByRole("switch", { name: /^Weekly report/ });
    expect(await weeklyReport.isChecked()).toBe(false);
    await weeklyReport.check();
    await openSettingsTab("Data Refresh");
    await tabPanel().getByRole("radio", { name: /^Manual only/ }).check();
    await tabPanel().getByRole("button", { name: "Save settings" }).click();
    await tabPanel().getByText("Settings saved.").waitFor();

    await tab.page.reload();
    await openSettingsTab("Data Refresh");
    expect(await tabPanel().getByRole("radio", { name: /^Manual only/ }).isChecked()).toBe(true);
    expect(await tabPanel().getByRole("radio", { name: /^Daily at 2 AM UTC/ }).isChecked()).toBe(false);
    await openSettingsTab("Notifications");
    expect(await tabPanel().getByRole("switch", { name: /^Weekly report/ }).isChecked()).toBe(true);

    // Sign out from the header: home, and the Pro screens are closed again.
    await nav().getByRole("button", { name: "Sign out" }).click();
    await tab.page.waitForURL(`${appUrl}/`);
    expect((await tab.context.cookies()).some((cookie) => cookie.name === "__Host-session")).toBe(false);
    await tab.page.goto(`${appUrl}/seller-central`);
    // Signing in from here comes back here.
    expect(await main().getByRole("link", { name: "Connect Seller Central" }).getAttribute("href")).toBe("/connect?next=%2Fseller-central");
    expect(await main().getByLabel("ASIN").count()).toBe(0);
    expect(await nav().getByRole("button", { name: "Sign out" }).count()).toBe(0);

    // This browser's demo account is kept: continuing with the demo again skips onboarding.
    await tab.page.goto(`${appUrl}/connect`);
    await main().getByRole("button", { name: "Continue with Demo" }).click();
    await tab.page.waitForURL(`${appUrl}/seller-central`);
    expect(await fact("Brand")).toBe("Acme Outdoors");

    expect(tab.consoleErrors).toEqual([]);
  });

  it("keeps a signed-out visitor out of onboarding and settings", async () => {
    for (const path of ["/onboarding", "/settings"]) {
      await tab.page.goto(`${appUrl}${path}`);
      expect(await main().getByRole("link", { name: "Connect Seller Central" }).getAttribute("href")).toBe(`/connect?next=${encodeURIComponent(path)}`);
    }
    expect(await tab.page.getByRole("tab").count()).toBe(0);
    expect(tab.consoleErrors).toEqual([]);
  });
});
