import type { Page } from "playwright-core";

/** A signed-in demo account on Free: through /connect and onboarding, as a visitor would. */
export async function signInAsFree(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/connect`);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Continue with Demo" }).click();
  await page.waitForURL(/\/onboarding|\/seller-central/);
  if (page.url().endsWith("/onboarding")) {
    await main.getByRole("button", { name: "Continue to Seller Central" }).click();
    await page.waitForURL(`${appUrl}/seller-central`);
  }
}

/**
 * Signs the browser in as the demo account and puts it on demo Pro the way a visitor would:
 * the demo starts on Free, and Upgrade on /billing (billing mock mode) switches it to demo Pro.
 */
export async function signInAsPro(page: Page, appUrl: string): Promise<void> {
  await signInAsFree(page, appUrl);
  const main = page.getByRole("main");
  await page.goto(`${appUrl}/billing`);
  const pro = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Pro", exact: true }) });
  const upgrade = pro.getByRole("button", { name: "Upgrade" });
  const current = pro.getByRole("button", { name: "Current Plan" });
  await upgrade.or(current).first().waitFor();
  if (await upgrade.isVisible()) {
    await upgrade.click();
    await current.waitFor();
  }
  const plan = await page.evaluate(async () => ((await (await fetch("/api/v1/compare/plan")).json()) as { plan: string }).plan);
  if (plan !== "pro") throw new Error(`expected the Pro plan after the demo upgrade, got ${plan}`);
}
