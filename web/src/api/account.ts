import type {
  AuthUrlResponse,
  CatalogItemQuery,
  CatalogItemResult,
  OnboardingInput,
  SettingsResponse,
  SettingsUpdate,
  UserStatus,
} from "../../../worker/schemas/account";
import { ApiError } from "./api-error";
import { api } from "./client";

// The seller-account calls of the issue-4 contract. Every function throws ApiError on a
// non-2xx answer (apiFetch does).

/** Narrows hc's typed union to the success body; apiFetch has already thrown for non-2xx. */
async function body<T>(response: { ok: boolean; status: number; json(): Promise<T> }): Promise<T> {
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

export async function fetchUserStatus(signal?: AbortSignal): Promise<UserStatus> {
  return body(await api.api.user.status.$get(undefined, { init: { signal } }));
}

/** The Login with Amazon consent URL (null when SP-API is not configured) and whether demo sign-in is on. */
export async function fetchAuthOptions(signal?: AbortSignal): Promise<AuthUrlResponse> {
  return body(await api.api.auth.url.$get(undefined, { init: { signal } }));
}

/** Signs this browser into its own demo account (the same one on a second visit). */
export async function startDemo(): Promise<UserStatus> {
  return body(await api.api.auth.demo.$post());
}

export async function signOut(): Promise<void> {
  await api.api.auth.logout.$post();
}

export async function saveOnboarding(input: OnboardingInput): Promise<UserStatus> {
  return body(await api.api.onboarding.$post({ json: input }));
}

export async function fetchCatalogItem(query: CatalogItemQuery, signal?: AbortSignal): Promise<CatalogItemResult> {
  return body(await api.api.sp["catalog-item"].$get({ query }, { init: { signal } }));
}

export async function fetchSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return body(await api.api.settings.$get(undefined, { init: { signal } }));
}

export async function saveSettings(input: SettingsUpdate): Promise<SettingsResponse> {
  return body(await api.api.settings.$put({ json: input }));
}

/** Erases the stored seller authorization; the account and its settings stay. */
export async function disconnectSeller(): Promise<void> {
  await api.api.connection.$delete();
}
