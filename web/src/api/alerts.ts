import type { AlertList, AlertPatch, AlertView, NewAlert } from "../../../worker/contract/alerts";
import { ApiError } from "./api-error";
import { api } from "./client";

// The Alerts API (issue 5). apiFetch throws an ApiError for any non-2xx answer; the `ok`
// checks below only narrow hc's typed unions to the success bodies.

export async function fetchAlerts(signal?: AbortSignal): Promise<AlertList> {
  const response = await api.api.alerts.$get(undefined, { init: { signal } });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return response.json();
}

/** POST /api/alerts; 403 past the plan's active-alert limit or for a seller condition without a seller. */
export async function createAlert(alert: NewAlert): Promise<AlertView> {
  const response = await api.api.alerts.$post({ json: alert });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return (await response.json()).alert;
}

/** PATCH /api/alerts/:id: threshold, channels or paused; 403 when resuming past the limit. */
export async function updateAlert(id: string, patch: AlertPatch): Promise<AlertView> {
  const response = await api.api.alerts[":id"].$patch({ param: { id }, json: patch });
  if (!response.ok) throw new ApiError(response.status, undefined);
  return (await response.json()).alert;
}

export async function deleteAlert(id: string): Promise<void> {
  await api.api.alerts[":id"].$delete({ param: { id } });
}
