/**
 * Issue 27 in Chromium: sign up by email (the link read from the local mail folder), add a
 * passkey with Chromium's virtual authenticator, sign out, sign in with the passkey, upgrade
 * through the fake Stripe, create an API key, export, delete, and show the key and the session
 * are dead and the same address starts an empty account. axe-clean at 390 px.
 */
import type { CDPSession } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./axe.ts";
import { type BillingServers, payForProAtCheckout, signedEvent, startBillingServers } from "./billing-servers.ts";
import { useBrowserTab } from "./browser.ts";
import { newestLocalMail, waitForLocalMail } from "./local-mail.ts";

const tab = useBrowserTab({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
let servers: BillingServers;
/** WebAuthn needs a secure context whose host can be an RP ID: http://localhost is one, 127.0.0.1 is not. */
let appUrl: string;

beforeAll(async () => {
  servers = await startBillingServers();
  appUrl = servers.app.url.replace("127.0.0.1", "localhost");
}, 120_000);
afterAll(async () => servers?.close());

const main = () => tab.page.getByRole("main");

async function expectAxeClean(where: string) {
  expect(await seriousViolations(tab.page), where).toEqual([]);
}

/** Asks for a sign-in email on /signin and answers the link of the mail it sent. */
async function askForSignInLink(email: string): Promise<URL> {
  await tab.page.goto(`${appUrl}/signin`);
  await main().getByLabel("Email address").fill(email);
  const since = Date.now() - 1000;
  // The last sign-in mail before this one may fall inside the second of slack: never take it.
  const earlier = newestLocalMail(servers.app, "sign in to RankLayer", since);
  await main().getByRole("button", { name: "Email me a sign-in link" }).click();
  await main().getByLabel("6-digit code").waitFor();
  let mail = await waitForLocalMail(servers.app, "sign in to RankLayer", since);
  while (mail === earlier) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mail = await waitForLocalMail(servers.app, "sign in to RankLayer", since);
  }
  expect(/\b\d{6}\b/.test(mail)).toBe(true);
  return new URL(/https?:\/\/\S+\/signin\?token=\S+/.exec(mail)![0]);
}

/** Asks for a sign-in email on /signin and opens its link as the person would (on this origin). */
async function signUpByEmail(email: string): Promise<void> {
  const link = await askForSignInLink(email);
  await tab.page.goto(`${appUrl}${link.pathname}${link.search}`);
  await tab.page.waitForURL(`${appUrl}/onboarding`);
}

describe("an account by email, with a passkey, Pro, an API key, export and deletion", () => {
  it("walks the whole life of an email account", { timeout: 150_000 }, async () => {
    const email = `e2e-${crypto.randomUUID().slice(0, 8)}@example.com`;

    // Sign in from the header; the page is axe-clean at 390 px.
    await tab.page.goto(`${appUrl}/`);
    await tab.page.getByRole("link", { name: "Sign in" }).click();
    await tab.page.waitForURL(`${appUrl}/signin`);
    await main().getByLabel("Email address").waitFor();
    await expectAxeClean("/signin");
    await signUpByEmail(email);
    await main().getByRole("button", { name: "Continue to Seller Central" }).click();
    await tab.page.waitForURL(/\/seller-central$/);

    // A virtual platform authenticator (Chromium DevTools' WebAuthn domain) makes the passkey.
    const cdp: CDPSession = await tab.context.newCDPSession(tab.page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    await tab.page.goto(`${appUrl}/settings`);
    await tab.page.getByRole("tab", { name: "Account" }).click();
    await main().getByText(`Email link or code to ${email}`).waitFor();
    await main().getByLabel("Passkey name (optional)").fill("E2E phone");
    await main().getByRole("button", { name: "Add a passkey" }).click();
    await main().getByRole("list", { name: "Passkeys" }).getByText("E2E phone").waitFor();
    expect((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials).toHaveLength(1);
    await expectAxeClean("/settings Account");

    // Sign out, then back in with the passkey alone.
    await tab.page.getByRole("button", { name: "Menu" }).click();
    await tab.page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Sign out" }).click();
    await tab.page.waitForURL(`${appUrl}/`);
    await tab.page.goto(`${appUrl}/signin`);
    await main().getByRole("button", { name: "Sign in with a passkey" }).click();
    await tab.page.waitForURL(/\/seller-central$/);

    // Upgrade through the fake Stripe Checkout and its signed webhook.
    const { paid } = await payForProAtCheckout(tab.page, appUrl, servers.stripe.url);
    const event = await signedEvent("checkout.session.completed", paid.session);
    const delivery = await fetch(`${servers.app.url}/api/billing/webhook`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": event.signature }, body: event.body });
    expect(delivery.status).toBe(200);
    const subscriptionId = (paid.session as { subscription: string }).subscription;

    // An API key (Pro), which works.
    await tab.page.goto(`${appUrl}/settings`);
    await tab.page.getByRole("tab", { name: "API Access" }).click();
    await main().getByLabel("Key name").fill("e2e script");
    await main().getByRole("button", { name: "Create key" }).click();
    const key = (await main().getByLabel("New API key").textContent())!.trim();
    expect(key).toMatch(/^rl_live_/);
    const keyed = () => fetch(`${servers.app.url}/api/v1/watchlist`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await keyed()).status).toBe(200);

    // Export my data: a JSON download with the account, the plan and the key's name, and no secret.
    await tab.page.getByRole("tab", { name: "Account" }).click();
    const [download] = await Promise.all([tab.page.waitForEvent("download"), main().getByRole("button", { name: "Export my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^ranklayer-account-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await streamText(await download.createReadStream()));
    expect(exported.profile.email).toBe(email);
    expect(exported.billing.plan).toBe("Pro");
    expect(exported.apiKeys.map((k: { name: string }) => k.name)).toEqual(["e2e script"]);
    expect(exported.signIn.passkeys.map((p: { name: string }) => p.name)).toEqual(["E2E phone"]);
    expect(JSON.stringify(exported)).not.toContain(key);

    // Delete my account: typed address, Stripe canceled, everything erased, and it says so.
    const sessionCookie = (await tab.context.cookies()).find((cookie) => cookie.name === "__Host-session")!;
    await main().getByLabel(/to confirm/).fill(email);
    await main().getByRole("button", { name: "Delete my account" }).click();
    // The signed-in screen goes with the session: the report is shown on /signin.
    await tab.page.waitForURL(`${appUrl}/signin`);
    await main()
      .getByRole("heading", { name: "Your account is deleted" })
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`no deletion report: ${await main().innerText()}`, { cause: error });
      });
    expect(await main().getByText("Your paid subscription was canceled at Stripe.").isVisible()).toBe(true);
    expect(await main().getByText(/1 API key,/).isVisible()).toBe(true);
    await expectAxeClean("deleted");
    const cancels = (await (await fetch(`${servers.stripe.url}/__control/calls?subscription=${subscriptionId}`)).json()) as { calls: { method: string }[] };
    expect(cancels.calls.map((call) => call.method)).toContain("DELETE");

    // The key and the old session no longer work (the key cache forgets within seconds).
    await expect.poll(async () => (await keyed()).status, { timeout: 10_000 }).toBe(401);
    const oldSession = await fetch(`${servers.app.url}/api/user/status`, { headers: { Cookie: `__Host-session=${sessionCookie.value}` } });
    expect(((await oldSession.json()) as { authenticated: boolean }).authenticated).toBe(false);

    // A new sign-in with the same address starts an empty account, on Free.
    await tab.context.clearCookies();
    await signUpByEmail(email);
    const fresh = await tab.page.evaluate(async () => ({
      plan: ((await (await fetch("/api/billing/subscription")).json()) as { plan_id: string }).plan_id,
      keys: ((await (await fetch("/api/api-keys")).json()) as { keys?: unknown[]; items?: unknown[] }),
      passkeys: ((await (await fetch("/api/passkeys")).json()) as { passkeys: unknown[] }).passkeys.length,
    }));
    expect(fresh.plan).toBe("free");
    expect(fresh.passkeys).toBe(0);
    expect(JSON.stringify(fresh.keys)).not.toContain("e2e script");
    // Only the signed-in screen's last requests, answered 401 once the session was gone.
    expect(tab.consoleErrors.filter((line) => !/status of 401 \(Unauthorized\)/.test(line))).toEqual([]);
  });
});

describe("a sign-in link opened on another device", () => {
  it("names the address and signs in only after a yes", { timeout: 60_000 }, async () => {
    const email = `e2e-other-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const link = await askForSignInLink(email);
    // Another device: nothing of the asking browser's (its request cookie) comes along.
    await tab.context.clearCookies();
    await tab.page.goto(`${appUrl}${link.pathname}${link.search}`);
    await main().getByText(`Sign in as ${email}?`).waitFor();
    expect(tab.page.url()).toContain("/signin");
    await expectAxeClean("/signin confirmation");
    await main().getByRole("button", { name: `Sign in as ${email}` }).click();
    await tab.page.waitForURL(`${appUrl}/onboarding`);
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) text += chunk.toString();
  return text;
}
