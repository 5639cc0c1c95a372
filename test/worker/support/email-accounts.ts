import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { Bindings } from "../../../worker/env";
import { fakeEmailBinding } from "../notifications/support";
import { sellerEnv, type TestBrowser } from "./seller-browser";

export const SIGN_IN_SENDER = "signin@ranklayer.example";
export const SITE = "https://app.ranklayer.example";

/** Bindings with SP-API configured, an email sender that records every message, and SITE_URL. */
export function emailEnv(overrides: Partial<Bindings> = {}) {
  const email = fakeEmailBinding();
  const bindings = sellerEnv({ ALERT_EMAIL: email.binding, ALERT_EMAIL_FROM: SIGN_IN_SENDER, SITE_URL: SITE, ...overrides });
  return { bindings, sent: email.sent };
}

let ipSerial = 0;
/** A client address of its own, so each browser starts with a fresh per-client allowance. */
export const freshIp = () => `198.51.100.${++ipSerial % 250}`;

/** The token and the code of the newest message to `to` (a sign-in, or one that adds an address). */
export function secretsOf(sent: EmailMessageBuilder[], to: string): { token: string; code: string; text: string } {
  const message = [...sent].reverse().find((m) => m.to === to);
  if (!message?.text) throw new Error(`no email to ${to}`);
  const link = /https:\/\/\S+\/signin\?token=(\S+)/.exec(message.text);
  const code = /(?:code in the page you asked from|browser where you are signed in): (\d{6})/.exec(message.text);
  if (!link?.[1] || !code?.[1]) throw new Error(`no link or code in: ${message.text}`);
  return { token: decodeURIComponent(link[1]), code: code[1], text: message.text };
}

export function askForEmail(browser: TestBrowser, email: string, ip = freshIp()): Promise<Response> {
  return browser.json("/api/signin/email", "POST", { email }, { headers: { "CF-Connecting-IP": ip } });
}

/** Asks for an email, then opens its link: the browser is signed in (the account made on first use). */
export async function signInByEmail(browser: TestBrowser, sent: EmailMessageBuilder[], email: string) {
  const asked = await askForEmail(browser, email);
  expect(asked.status, await asked.clone().text()).toBe(202);
  const { token } = secretsOf(sent, email);
  const res = await browser.json("/api/signin/email/link", "POST", { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<{ purpose: string; created: boolean; email: string; status: { authenticated: boolean; connected: boolean } }>();
}

/** The id of the account that signs in with `email`. */
export async function userIdOf(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = ?").bind(email).first<{ user_id: string }>())!.user_id;
}

/** The token of the newest invitation mailed to `to`. */
export function invitationTokenOf(sent: EmailMessageBuilder[], to: string): string {
  const message = [...sent].reverse().find((m) => m.to === to && m.subject?.startsWith("Join "));
  const match = /\/invite\?token=(\S+)/.exec(message?.text ?? "");
  if (!match?.[1]) throw new Error(`no invitation to ${to}`);
  return decodeURIComponent(match[1]);
}
