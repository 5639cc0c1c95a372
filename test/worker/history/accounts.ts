import { env } from "cloudflare:test";
import { decodeJwt } from "jose";
import { upsertSellerUser } from "../../../worker/auth/accounts-store";
import { SESSION_COOKIE } from "../../../worker/auth/cookies";
import { createSession } from "../../../worker/auth/session";
import { demoEnv, newSellingPartnerId, TestBrowser } from "../support/seller-browser";

/** A browser signed in as a seller who is not (or no longer) connected: the Free plan. */
export async function freeBrowser(): Promise<TestBrowser> {
  const browser = new TestBrowser(demoEnv());
  const user = await upsertSellerUser(env.DB, newSellingPartnerId());
  const { token } = await createSession(browser.bindings, user.id);
  browser.cookies.set(SESSION_COOKIE, token);
  return browser;
}

/** A browser signed in to its own demo account: Pro limits. */
export async function proBrowser(): Promise<TestBrowser> {
  const browser = new TestBrowser(demoEnv());
  await browser.signInDemo();
  return browser;
}

/** The id of the user a browser is signed in as: the subject of its session token. */
export function userIdOf(browser: TestBrowser): string {
  const subject = decodeJwt(browser.cookies.get(SESSION_COOKIE) ?? "").sub;
  if (!subject) throw new Error("the browser is not signed in");
  return subject;
}
