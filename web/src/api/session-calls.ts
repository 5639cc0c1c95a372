import type { UserStatus } from "@contract/account";
import { callJson } from "./call-json";
import { apiFetch } from "./http";

// The two account calls the session (state/session.tsx) makes on every page: their own module,
// so the rest of account.ts, which only lazy pages use, stays out of the first-load JS.

export function fetchUserStatus(signal?: AbortSignal): Promise<UserStatus> {
  return callJson("/api/user/status", { signal });
}

export async function signOut(): Promise<void> {
  await apiFetch("/api/auth/logout", { method: "POST" });
}
