import { apiFetch } from "./http";

// The issue-5 routes (alerts, history, notifications, watchlist) are called by path with the
// shared schemas' types: apiFetch adds the XSRF header and throws an ApiError for any non-2xx.

/** GET `path` (with `query`) and read its JSON body as `T`. */
export async function getJson<T>(path: string, query: Record<string, string> = {}, signal?: AbortSignal): Promise<T> {
  const search = new URLSearchParams(query).toString();
  const response = await apiFetch(search === "" ? path : `${path}?${search}`, { signal });
  return (await response.json()) as T;
}

/** A state-changing request with an optional JSON body; resolves to the raw response. */
export function sendJson(method: "POST" | "PATCH" | "PUT" | "DELETE", path: string, body?: unknown): Promise<Response> {
  return apiFetch(path, {
    method,
    ...(body === undefined ? {} : { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
  });
}
