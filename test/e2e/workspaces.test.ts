/**
 * Issue 28 in Chromium at 390 px: an owner (email sign-in) makes a workspace and invites an
 * analyst from /team; the analyst takes the link from the local mail folder, signs in by
 * email with that address and accepts; sees the owner's watchlist; finds no billing or disconnect
 * buttons and the API refuses both (403); the header switcher changes the screens between the
 * personal and the shared workspace. axe-clean.
 *
 * A new workspace is on Free, whose one seat is the owner's, so the owner first moves it to Pro
 * (3 seats) through Checkout: this file runs its own app with Stripe pointed at the fake.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { type BillingServers, payForProAtCheckout, startBillingServers } from "./billing-servers.ts";
import { useBrowserTab } from "./browser.ts";
import { waitForLocalMail } from "./local-mail.ts";

let servers: BillingServers;
let appUrl = "";
beforeAll(async () => {
  servers = await startBillingServers();
  appUrl = servers.app.url;
}, 120_000);
afterAll(async () => servers?.close());

const tab = useBrowserTab({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const main = () => tab.page.getByRole("main");
const ASIN = "B08N5WRWNW";

async function expectAxeClean(where: string) {
  expect(await seriousViolations(tab.page), where).toEqual([]);
}

/** A request from the page with the session and XSRF token, as the app's client sends it. */
function apiCall(method: string, path: string, body?: unknown): Promise<{ status: number; body: { code?: string; detail?: unknown } }> {
  return tab.page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
      const res = await fetch(path, { method, headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": xsrf }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: res.headers.get("Content-Type")?.includes("json") ? await res.json() : {} };
    },
    { method, path, body },
  );
}

/** Asks for a sign-in email on /signin and opens its link, as the person would. */
async function signInByEmail(email: string): Promise<void> {
  await tab.page.goto(`${appUrl}/signin`);
  await main().getByLabel("Email address").fill(email);
  const since = Date.now() - 1000;
  await main().getByRole("button", { name: "Email me a sign-in link" }).click();
  await main().getByLabel("6-digit code").waitFor();
  const mail = await waitForLocalMail(servers.app, "sign in to RankLayer", since);
  const link = new URL(/https?:\/\/\S+\/signin\?token=\S+/.exec(mail)![0]);
  await tab.page.goto(`${appUrl}${link.pathname}${link.search}`);
}

/** The owner buys Pro for the current workspace on /billing: Checkout in the fake Stripe, paid, and back. */
async function upgradeToPro(): Promise<void> {
  const { sessionId } = await payForProAtCheckout(tab.page, appUrl, servers.stripe.url);
  await tab.page.goto(`${appUrl}/billing?session_id=${sessionId}`);
  await tab.page.waitForFunction(() => document.querySelector('[data-testid="current-plan-name"]')?.textContent === "Pro", undefined, { timeout: 15_000 });
}

async function signOut() {
  await tab.page.getByRole("button", { name: "Menu" }).click();
  await tab.page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click();
  await tab.page.waitForURL(`${appUrl}/`);
}

describe("workspaces: invite an analyst, who works on the shared data within the analyst's role", () => {
  it("invites, accepts, limits and switches", { timeout: 150_000 }, async () => {
    const run = crypto.randomUUID().slice(0, 8);
    const owner = `owner-${run}@example.com`;
    const analyst = `analyst-${run}@example.com`;

    // The owner signs up, makes the agency's workspace on /team and tracks an ASIN in it.
    await signInByEmail(owner);
    await tab.page.waitForURL(`${appUrl}/onboarding`);
    await tab.page.goto(`${appUrl}/team`);
    await main().getByLabel("Workspace name").fill(`Acme ${run}`);
    await main().getByRole("button", { name: "Create workspace" }).click();
    await main().getByRole("heading", { name: `Team: Acme ${run}` }).waitFor();
    expect((await apiCall("POST", "/api/watchlist", { asin: ASIN, marketplace: "US" })).status).toBe(201);

    // On Free the invite form is off, with the way to more seats; Pro gives the workspace three.
    await main().getByText("1 of 1 seat used on the Free plan.").waitFor();
    expect(await main().getByRole("button", { name: "Send invitation" }).isDisabled()).toBe(true);
    expect(await main().getByRole("link", { name: "See plans on the Billing page" }).getAttribute("href")).toBe("/billing");
    await upgradeToPro();
    await tab.page.goto(`${appUrl}/team`);
    await main().getByText("1 of 3 seats used on the Pro plan.").waitFor();

    // The invitation, sent from /team.
    await main().getByLabel("Email address").fill(analyst);
    await main().getByLabel("Role").selectOption("analyst");
    const invitedAt = Date.now() - 1000;
    await main().getByRole("button", { name: "Send invitation" }).click();
    await main().getByText(`Invitation sent to ${analyst}. The link works for 7 days.`).waitFor();
    await main().getByText(new RegExp(`${analyst}, Analyst, until`)).waitFor();
    await main().getByText("2 of 3 seats used on the Pro plan (1 pending invitation).").waitFor();
    await expectAxeClean("/team (owner)");
    await signOut();

    // The analyst opens the link from the mail folder, signs in by email with that address, accepts.
    const mail = await waitForLocalMail(servers.app, `to join Acme ${run} on RankLayer`, invitedAt);
    const invite = new URL(/https?:\/\/\S+\/invite\?token=\S+/.exec(mail)![0]);
    await tab.page.goto(`${appUrl}${invite.pathname}${invite.search}`);
    await main().getByRole("heading", { name: "Workspace invitation" }).waitFor();
    await expectAxeClean("/invite (signed out)");
    await main().getByRole("link", { name: "Sign in by email" }).click();
    await tab.page.waitForURL(`${appUrl}/signin`);
    await signInByEmail(analyst);
    await tab.page.waitForURL(/\/invite\?token=/);
    await main().getByRole("button", { name: "Accept invitation" }).click();
    await main().getByText(`You joined Acme ${run}.`).waitFor();

    // The owner's watchlist, in the analyst's screens and answers.
    const watchlist = async () => ((await apiCall("GET", "/api/watchlist")).body as { items: { asin: string }[] }).items.map((item) => item.asin);
    expect(await watchlist()).toEqual([ASIN]);
    await tab.page.goto(`${appUrl}/team`);
    await main().getByText("Your role here:").waitFor();
    expect(await main().getByText("Analyst", { exact: true }).count()).toBeGreaterThan(0);
    expect(await main().getByRole("button", { name: "Send invitation" }).count()).toBe(0);

    // Billing and the connection are not the analyst's: no buttons, and the API says 403.
    await tab.page.goto(`${appUrl}/billing`);
    await main().getByText(`Only the owners of Acme ${run} can change its plan or payment details.`).waitFor();
    expect(await main().getByRole("button", { name: /Upgrade/ }).count()).toBe(0);
    await expectAxeClean("/billing (analyst)");
    const checkout = await apiCall("POST", "/api/billing/create-checkout", { planId: "pro" });
    expect([checkout.status, checkout.body.code]).toEqual([403, "forbidden"]);
    const disconnect = await apiCall("DELETE", "/api/connection");
    expect([disconnect.status, disconnect.body.code]).toEqual([403, "forbidden"]);

    // The header switcher: the personal workspace has its own (empty) data; back again, the agency's.
    const switcher = tab.page.getByRole("combobox", { name: "Workspace" });
    await switcher.waitFor();
    await Promise.all([tab.page.waitForEvent("load"), switcher.selectOption({ label: `${analyst} (personal)` })]);
    await main().getByText("Only the owners").waitFor({ state: "detached" });
    expect(await watchlist()).toEqual([]);
    await tab.page.getByRole("combobox", { name: "Workspace" }).waitFor();
    await Promise.all([tab.page.waitForEvent("load"), tab.page.getByRole("combobox", { name: "Workspace" }).selectOption({ label: `Acme ${run}` })]);
    await main().getByText(`Only the owners of Acme ${run}`).waitFor();
    expect(await watchlist()).toEqual([ASIN]);
    await expectAxeClean("/billing after switching back");
  });
});
