import type { Page } from "playwright-core";

/**
 * Puts the browser on the Pro plan. Today the demo account is Pro, so signing in with the demo
 * is enough; if the demo starts on Free, this is the one place to add the upgrade step.
 */
export async function signInAsPro(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/connect`);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Continue with Demo" }).click();
  await page.waitForURL(`${appUrl}/onboarding`);
  await main.getByRole("button", { name: "Continue to Dashboard" }).click();
  await page.waitForURL(`${appUrl}/seller-central`);
  const plan = await page.evaluate(async () => ((await (await fetch("/api/v1/compare/plan")).json()) as { plan: string }).plan);
  if (plan !== "pro") throw new Error(`expected the Pro plan after the demo sign-in, got ${plan}`);
}
