import type { AccountOverview } from "@contract/sign-in";
import { apiFetch } from "./http";

/**
 * The account's address, ways in and sessions. Apart from sign-in.ts: Seller Central and onboarding
 * read it too (AddWayInNotice), and must not load @simplewebauthn/browser with it.
 */
export async function fetchAccount(signal?: AbortSignal): Promise<AccountOverview> {
  return (await apiFetch("/api/account", { signal })).json();
}
