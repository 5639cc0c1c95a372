import type { AlertList, AlertPatch, AlertView, NewAlert } from "@contract/alerts";
import { responseData } from "./response-data";
import { api } from "./client";
import { withIdempotencyKey } from "./idempotency";

/** The workspace's alerts; `connection` keeps one seller account's (all by default). */
export async function fetchAlerts(signal?: AbortSignal, connection?: string): Promise<AlertList> {
  return responseData(api.api.alerts.$get({ query: connection ? { connection } : {} }, { init: { signal } }));
}

/** POST /api/alerts; 403 past the plan's active-alert limit or for a seller condition without a seller. */
export async function createAlert(alert: NewAlert): Promise<AlertView> {
  return (await withIdempotencyKey("createAlert", alert, (headers) => responseData(api.api.alerts.$post({ json: alert }, { headers })))).alert;
}

/** PATCH /api/alerts/:id: threshold, channels or paused; 403 when resuming past the limit. */
export async function updateAlert(id: string, patch: AlertPatch): Promise<AlertView> {
  return (await responseData(api.api.alerts[":id"].$patch({ param: { id }, json: patch }))).alert;
}

export async function deleteAlert(id: string): Promise<void> {
  await api.api.alerts[":id"].$delete({ param: { id } });
}
