import type {
  AccountMarketplace,
  AuthUrlResponse,
  CatalogItemQuery,
  CatalogItemResult,
  OnboardingInput,
  SettingsResponse,
  SettingsUpdate,
  UserStatus,
} from "@contract/account";
import { responseData } from "./response-data";
import { api } from "./client";

// The seller-account calls: sign-in, onboarding, catalog and settings (the session's own are in session-calls.ts).

/** The Login with Amazon consent URL for the marketplace's region (null when SP-API is not configured); `next`: the page to come back to. */
export async function fetchAuthOptions(marketplace: AccountMarketplace, next: string | null, signal?: AbortSignal): Promise<AuthUrlResponse> {
  return responseData(api.api.auth.url.$get({ query: { marketplace, ...(next === null ? {} : { next }) } }, { init: { signal } }));
}

/** Signs this browser into its own demo account (the same one on a second visit). */
export async function startDemo(): Promise<UserStatus> {
  return responseData(api.api.auth.demo.$post());
}

/** The marketplaces onboarding offers: the ones Amazon says the seller sells in. */
export async function fetchOnboardingMarketplaces(signal?: AbortSignal): Promise<AccountMarketplace[]> {
  return (await responseData(api.api.onboarding.$get(undefined, { init: { signal } }))).marketplaces;
}

export async function saveOnboarding(input: OnboardingInput): Promise<UserStatus> {
  return responseData(api.api.onboarding.$post({ json: input }));
}

export async function fetchCatalogItem(query: CatalogItemQuery, signal?: AbortSignal): Promise<CatalogItemResult> {
  return responseData(api.api.sp["catalog-item"].$get({ query }, { init: { signal } }));
}

export async function fetchSettings(signal?: AbortSignal): Promise<SettingsResponse> {
  return responseData(api.api.settings.$get(undefined, { init: { signal } }));
}

export async function saveSettings(input: SettingsUpdate): Promise<SettingsResponse> {
  return responseData(api.api.settings.$put({ json: input }));
}

/** Erases the stored seller authorization; the account and its settings stay. */
export async function disconnectSeller(): Promise<void> {
  await api.api.connection.$delete();
}
