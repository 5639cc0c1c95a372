import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { saveCredentials } from "../../../worker/accounts/credentials-store";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import { storeDemoSubscription } from "../../../worker/billing/subscription-store";
import { SESSION_COOKIE } from "../../../worker/auth/cookies";
import { createSession } from "../../../worker/auth/session";
import { app } from "../../../worker/app";
import type { CreatedApiKey } from "../../../worker/contract/api-keys";
import { demoEnv, newSellingPartnerId, TestBrowser } from "../support/seller-browser";
import { proBrowser, userIdOf } from "../history/accounts";
import { buildServices } from "../../../worker/services";

/**
 * Puts a (non-demo) user on Pro or Free: the plan follows the user's subscription row
 * (worker/billing/user-plan.ts), active for Pro and canceled for Free. The seller connection
 * stays, as it would for a seller who stopped paying.
 */
export async function setPlan(userId: string, plan: "pro" | "free"): Promise<void> {
  await saveCredentials(env.DB, userId, {
    refreshTokenCiphertext: "sealed-test-token",
    keyId: "k2026",
    region: "na",
    grantedAt: new Date().toISOString(),
  });
  await storeDemoSubscription(env.DB, userId, plan === "pro");
}

/** A browser signed in as a seller user on the given plan, and that user's id. */
export async function sellerOnPlan(plan: "pro" | "free"): Promise<{ browser: TestBrowser; userId: string }> {
  const browser = new TestBrowser(demoEnv());
  const user = await upsertSellerUser(env.DB, newSellingPartnerId());
  await setPlan(user.id, plan);
  const { token } = await createSession(buildServices(browser.bindings), user.id);
  browser.cookies.set(SESSION_COOKIE, token);
  return { browser, userId: user.id };
}

/** A demo browser upgraded to demo Pro (billing mock mode), and its id. */
export async function proDemo(): Promise<{ browser: TestBrowser; userId: string }> {
  const browser = await proBrowser();
  return { browser, userId: userIdOf(browser) };
}

export async function createKey(browser: TestBrowser, name = "CI server"): Promise<CreatedApiKey> {
  const res = await browser.json("/api/api-keys", "POST", { name });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<CreatedApiKey>();
}

/** A request as a script sends it: the key in Authorization, no cookie, no XSRF token. */
export async function withKey(key: string, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${key}`);
  if (typeof init.body === "string") headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await app.request(path, { ...init, headers }, demoEnv(), ctx);
  await waitOnExecutionContext(ctx);
  return res;
}
