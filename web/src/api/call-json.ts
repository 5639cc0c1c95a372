import { apiFetch } from "./http";

/**
 * A call of the API's JSON routes by path, for the few calls the layout makes on every page (the
 * session's status and sign-out, the workspaces, the unread count). Not through the typed `hc`
 * client (client.ts), which only pages fetched later use: it and its helpers stay out of the
 * first-load JS. apiFetch does the rest as for every call (XSRF, timeout, errors as ApiError).
 */
export async function callJson<T>(path: string, init?: RequestInit): Promise<T> {
  return (await apiFetch(path, init)).json() as Promise<T>;
}
