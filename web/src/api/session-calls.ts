import type { UserStatus } from "@contract/account";
import { responseData } from "./response-data";
import { api } from "./client";

// The two account calls the session (state/session.tsx) makes on every page: their own module,
// so the rest of account.ts, which only lazy pages use, stays out of the first-load JS.

export async function fetchUserStatus(signal?: AbortSignal): Promise<UserStatus> {
  return responseData(api.api.user.status.$get(undefined, { init: { signal } }));
}

export async function signOut(): Promise<void> {
  await api.api.auth.logout.$post();
}
