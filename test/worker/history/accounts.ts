import { env } from "cloudflare:test";
import { decodeJwt } from "jose";
import { expect } from "vitest";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import { SESSION_COOKIE } from "../../../worker/auth/cookies";
import { createSession } from "../../../worker/auth/session";
import type { Bindings } from "../../../worker/env";
import { demoEnv, newSellingPartnerId, TestBrowser } from "../support/seller-browser";
import { buildServices } from "../../../worker/services";

/** A browser signed in as a seller who is not (or no longer) connected: the Free plan. */
export async function freeBrowser(): Promise<TestBrowser> {
  return freeBrowserWith(demoEnv());
}

/** A signed-in seller account without a subscription, under the given bindings. */
export async function freeBrowserWith(bindings: Bindings): Promise<TestBrowser> {
  const browser = new TestBrowser(bindings);
  const user = await upsertSellerUser(env.DB, newSellingPartnerId());
  const { token } = await createSession(buildServices(browser.bindings), user.id);
  browser.cookies.set(SESSION_COOKIE, token);
  return browser;
}

/** A browser signed in to its own demo account, upgraded to demo Pro (billing mock mode): Pro limits. */
export async function proBrowser(): Promise<TestBrowser> {
  const browser = new TestBrowser(demoEnv());
  await browser.signInDemo();
  const upgrade = await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" });
  expect(upgrade.status, await upgrade.clone().text()).toBe(200);
  return browser;
}

/** The id of the user a browser is signed in as: the subject of its session token. */
export function userIdOf(browser: TestBrowser): string {
  const subject = decodeJwt(browser.cookies.get(SESSION_COOKIE) ?? "").sub;
  if (!subject) throw new Error("the browser is not signed in");
  return subject;
}
