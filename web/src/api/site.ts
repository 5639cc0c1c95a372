import type { PlanSummary } from "../../../worker/contract/features";
import type { ContactInput } from "../../../worker/contract/contact";
import type { StatusReport } from "../../../worker/contract/status-components";
import { ApiError } from "./api-error";
import { api } from "./client";

// The public site's calls. apiFetch has already thrown an ApiError for any non-2xx;
// the `ok` checks below narrow the typed unions to their 200 bodies.

/** GET /api/billing/plans. */
export async function fetchPlans(signal: AbortSignal): Promise<PlanSummary[]> {
  const response = await api.api.billing.plans.$get(undefined, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return (await response.json()).plans;
}

/** POST /api/contact. Resolves once the message is stored. */
export async function sendContactMessage(message: ContactInput): Promise<void> {
  const response = await api.api.contact.$post({ json: message });
  if (!response.ok) throw new ApiError(response.status, undefined);
}

/** GET /api/status. */
export async function fetchStatus(signal: AbortSignal): Promise<StatusReport> {
  const response = await api.api.status.$get(undefined, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}
