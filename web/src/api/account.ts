import type {
  AccountMarketplace,
  AuthUrlResponse,
  CatalogItemQuery,
  CatalogItemResult,
  OnboardingInput,
  SettingsResponse,
  SettingsUpdate,
  UserStatus,
} from "../../../worker/contract/account";
import { ApiError } from "./api-error";
import { api } from "./client";

// The seller-account calls of the issue-4 contract. apiFetch throws an ApiError for any
// non-2xx answer; the `ok` checks below only narrow hc's typed union to the 200 body.

export async function fetchUserStatus(signal?: AbortSignal): Promise<UserStatus> {
  const response = await api.api.user.status.$get(undefined, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

/** The Login with Amazon consent URL for the marketplace's region (null when SP-API is not configured). */
export async function fetchAuthOptions(marketplace: AccountMarketplace, signal?: AbortSignal): Promise<AuthUrlResponse> {
  const response = await api.api.auth.url.$get({ query: { marketplace } }, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

/** Signs this browser into its own demo account (the same one on a second visit). */
export async function startDemo(): Promise<UserStatus> {
  const response = await api.api.auth.demo.$post();
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

export async function signOut(): Promise<void> {
  await api.api.auth.logout.$post();
}

export async function saveOnboarding(input: OnboardingInput): Promise<UserStatus> {
  const response = await api.api.onboarding.$post({ json: input });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

export async function fetchCatalogItem(query: CatalogItemQuery, signal?: AbortSignal): Promise<CatalogItemResult> {
  const response = await api.api.sp["catalog-item"].$get({ query }, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

export async function fetchSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  const response = await api.api.settings.$get(undefined, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

export async function saveSettings(input: SettingsUpdate): Promise<SettingsResponse> {
  const response = await api.api.settings.$put({ json: input });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

/** Erases the stored seller authorization; the account and its settings stay. */
export async function disconnectSeller(): Promise<void> {
  await api.api.connection.$delete();
}
