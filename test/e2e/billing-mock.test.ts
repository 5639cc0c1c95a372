import { describe, expect, inject, it } from "vitest";
import { useBrowserTab } from "./browser.ts";

const appUrl = inject("appUrl");
const tab = useBrowserTab();

const main = () => tab.page.getByRole("main");
const card = (name: string) => main().getByRole("listitem").filter({ has: tab.page.getByRole("heading", { name, exact: true }) });
const activeLimit = () => tab.page.evaluate(async () => ((await (await fetch("/api/alerts")).json()) as { activeLimit: number }).activeLimit);

describe("billing mock mode in a real browser (no Stripe key)", () => {
  it("/billing answers 200 with its own head tags", async () => {
    const res = await fetch(`${appUrl}/billing`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Billing | RankLayer</title>");
    expect(html).toContain('name="robots" content="noindex');
  });

  it("the demo account goes from Free to demo Pro and back, and its limits follow", async () => {
    await tab.page.goto(`${appUrl}/connect`);
    await main().getByRole("button", { name: "Continue with Demo" }).click();
    await tab.page.waitForURL(`${appUrl}/onboarding`);
    expect(await activeLimit()).toBe(5);

    await tab.page.goto(`${appUrl}/billing`);
    await main().getByRole("list", { name: "Plans" }).waitFor();
    expect(await main().getByTestId("current-plan-name").textContent()).toBe("Free");
    expect(await card("Free").getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    expect(await main().getByText(/Billing is in mock mode/).isVisible()).toBe(true);

    await card("Pro").getByRole("button", { name: "Upgrade" }).click();
    await main().getByText("Mock mode: Stripe not configured. In production, you would be redirected to checkout.").waitFor();
    await card("Pro").getByRole("button", { name: "Current Plan" }).waitFor();
    expect(await main().getByTestId("current-plan-name").textContent()).toBe("Pro Demo");
    expect(await activeLimit()).toBe(500);

    await main().getByRole("button", { name: "Manage Subscription" }).click();
    await main().getByText("Mock mode: Stripe not configured", { exact: true }).waitFor();
    await main().getByRole("button", { name: "Switch back to Free (demo)" }).click();
    await card("Pro").getByRole("button", { name: "Upgrade" }).waitFor();
    expect(await activeLimit()).toBe(5);
  });
});
