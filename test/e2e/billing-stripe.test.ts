import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowserTab } from "./browser.ts";
import { control } from "../fakes/fake-http-server.ts";
import { type BillingServers, LWA_CLIENT_ID, payForProAtCheckout, signedEvent, startBillingServers } from "./billing-servers.ts";

const tab = useBrowserTab();
let servers: BillingServers;

beforeAll(async () => {
  servers = await startBillingServers();
}, 120_000);
afterAll(async () => servers?.close());

const main = () => tab.page.getByRole("main");
const card = (name: string) => main().getByRole("listitem").filter({ has: tab.page.getByRole("heading", { name, exact: true }) });

/** POSTs an alert from the page, as the app does (XSRF header from the cookie). */
function createAlert(asin: string): Promise<number> {
  return tab.page.evaluate(async (asinValue) => {
    await fetch("/api/auth/xsrf");
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? "");
    const res = await fetch("/api/alerts", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-XSRF-TOKEN": xsrf },
      body: JSON.stringify({ asin: asinValue, conditionType: "rank_above", threshold: 100, marketplace: "US" }),
    });
    return res.status;
  }, asin);
}

/**
 * Signs the tab in as a seller through the real OAuth callback: the fake LWA exchanges the code
 * Amazon would send. Not via /connect: its own /api/auth/url request would replace this state cookie.
 */
async function signInAsSeller(sellingPartnerId: string): Promise<void> {
  const appUrl = servers.app.url;
  await tab.page.goto(`${appUrl}/about`);
  const { authUrl } = await tab.page.evaluate(async () => (await fetch("/api/auth/url")).json());
  const consent = new URL(authUrl as string);
  const code = `ANcode${crypto.randomUUID().replace(/-/g, "")}`;
  await control(servers.lwa.url, "codes", {
    code,
    clientId: LWA_CLIENT_ID,
    redirectUri: consent.searchParams.get("redirect_uri"),
    refreshToken: `Atzr|e2e-${crypto.randomUUID()}`,
  });
  const callback = new URLSearchParams({
    state: consent.searchParams.get("state") ?? "",
    selling_partner_id: sellingPartnerId,
    mws_auth_token: "amzn.mws.e2e",
    spapi_oauth_code: code,
  });
  const signedIn = await tab.page.goto(`${appUrl}/api/auth/callback?${callback}`, { waitUntil: "commit", timeout: 60_000 });
  await tab.page.waitForURL(`${appUrl}/onboarding`, { timeout: 60_000, waitUntil: "commit" }).catch(async (error: unknown) => {
    throw new Error(`sign-in did not reach /onboarding: ${signedIn?.status()} ${await tab.page.content()}`, { cause: error });
  });
}

describe("Stripe billing in a real browser (fake LWA sign-in, fake Stripe API)", () => {
  it("a Free seller upgrades through Checkout; after the signed webhook /billing shows Pro and the sixth alert is accepted", { timeout: 90_000 }, async () => {
    const appUrl = servers.app.url;
    await signInAsSeller("A2E2EBILLING1");

    // Free: five active alerts, the sixth refused.
    for (let i = 1; i <= 5; i++) expect(await createAlert(`B00000000${i}`)).toBe(201);
    expect(await createAlert("B000000006")).toBe(403);

    // /billing from the header.
    await tab.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Billing" }).click();
    await tab.page.waitForURL(`${appUrl}/billing`);
    await main().getByRole("list", { name: "Plans" }).waitFor();
    expect(await card("Free").getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    expect(await card("Enterprise").getByRole("link", { name: "Contact sales" }).getAttribute("href")).toBe("/contact");
    expect(await main().getByRole("button", { name: "Manage Subscription" }).count()).toBe(0);

    // Upgrade: the browser goes to the Checkout URL the fake Stripe returned.
    await card("Pro").getByRole("button", { name: "Upgrade" }).click();
    await tab.page.waitForURL(new RegExp(`^${servers.stripe.url}/checkout/cs_test_`));
    expect(await tab.page.getByRole("heading", { name: "Fake Stripe Checkout" }).isVisible()).toBe(true);
    const sessionId = new URL(tab.page.url()).pathname.split("/").pop();

    // The customer pays; Stripe delivers the signed event.
    const paid = await control(servers.stripe.url, "complete-checkout", { sessionId });
    const { body, signature } = await signedEvent("checkout.session.completed", paid.session);
    const delivery = await fetch(`${appUrl}/api/billing/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body,
    });
    expect(delivery.status).toBe(200);

    await tab.page.goto(`${appUrl}/billing?checkout=success`);
    await main().getByRole("list", { name: "Plans" }).waitFor();
    expect(await main().getByTestId("current-plan-name").textContent()).toBe("Pro");
    expect(await card("Pro").getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    expect(await card("Free").getByRole("button", { name: "Free Forever" }).isDisabled()).toBe(true);
    expect(await main().getByRole("button", { name: "Manage Subscription" }).isVisible()).toBe(true);

    // The Free limits are gone.
    expect(await createAlert("B000000006")).toBe(201);
  });

  it("the webhook is late: back from Checkout, /billing?session_id=… shows Pro read from Stripe, before any event", { timeout: 90_000 }, async () => {
    const appUrl = servers.app.url;
    await tab.page.context().clearCookies();
    await signInAsSeller("A2E2EBILLING2");

    const { sessionId } = await payForProAtCheckout(tab.page, appUrl, servers.stripe.url);

    // Stripe sends the customer back (to SITE_URL's /billing) before delivering any event.
    await tab.page.goto(`${appUrl}/billing?session_id=${sessionId}`);
    await main().getByRole("list", { name: "Plans" }).waitFor();
    await tab.page.waitForFunction(() => document.querySelector('[data-testid="current-plan-name"]')?.textContent === "Pro", undefined, { timeout: 15_000 });
    expect(await card("Pro").getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
    expect(await createAlert("B000000016")).toBe(201);
  });
});
