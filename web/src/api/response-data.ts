import type { ClientResponse } from "hono/client";
import { ApiError } from "./api-error";

/** The body type of a typed response union's 2xx members (hc types each status separately). */
export type SuccessBody<R> = R extends { ok: true; json(): Promise<infer Body> } ? Body : never;

/**
 * A typed hc response as its 2xx JSON body, or an ApiError carrying the status and the
 * body's `detail`. apiFetch already throws for non-2xx answers, so the check here is what
 * narrows hc's union of per-status bodies to the success body, and it still holds for a
 * client built on another fetch.
 */
export async function responseData<R extends ClientResponse<unknown, number, "json">>(
  pending: R | Promise<R>,
): Promise<SuccessBody<R>> {
  const response = await pending;
  if (!response.ok) throw await ApiError.of(response);
  return (await response.json()) as SuccessBody<R>;
}
