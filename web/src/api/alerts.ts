import type { AlertList, AlertPatch, AlertView, NewAlert } from "../../../worker/schemas/alerts";
import { getJson, sendJson } from "./json-request";

// The Alerts API (issue 5). Type-only imports: the shared schemas' zod stays out of this module.

export function fetchAlerts(signal?: AbortSignal): Promise<AlertList> {
  return getJson<AlertList>("/api/alerts", {}, signal);
}

/** POST /api/alerts; 403 past the plan's active-alert limit or for a seller condition without a seller. */
export async function createAlert(alert: NewAlert): Promise<AlertView> {
  const response = await sendJson("POST", "/api/alerts", alert);
  return ((await response.json()) as { alert: AlertView }).alert;
}

/** PATCH /api/alerts/:id: threshold, channels or paused; 403 when resuming past the limit. */
export async function updateAlert(id: string, patch: AlertPatch): Promise<AlertView> {
  const response = await sendJson("PATCH", `/api/alerts/${encodeURIComponent(id)}`, patch);
  return ((await response.json()) as { alert: AlertView }).alert;
}

export async function deleteAlert(id: string): Promise<void> {
  await sendJson("DELETE", `/api/alerts/${encodeURIComponent(id)}`);
}
