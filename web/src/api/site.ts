import type { PlanSummary } from "@contract/features";
import type { ContactInput } from "@contract/contact";
import type { StatusReport } from "@contract/status-components";
import { responseData } from "./response-data";
import { api } from "./client";

// The public site's calls.

/** GET /api/billing/plans. */
export async function fetchPlans(signal: AbortSignal): Promise<PlanSummary[]> {
  return (await responseData(api.api.billing.plans.$get(undefined, { init: { signal } }))).plans;
}

/** POST /api/contact. Resolves once the message is stored (apiFetch throws for any other answer). */
export async function sendContactMessage(message: ContactInput): Promise<void> {
  await api.api.contact.$post({ json: message });
}

/** GET /api/status. */
export async function fetchStatus(signal: AbortSignal): Promise<StatusReport> {
  return responseData(api.api.status.$get(undefined, { init: { signal } }));
}
