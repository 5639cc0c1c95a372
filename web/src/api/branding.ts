import type { BrandingResponse } from "@contract/branding";
import { apiFetch } from "./http";
import { responseData } from "./response-data";
import { api } from "./client";
import { withIdempotencyKey } from "./idempotency";

// The workspace's report branding (name, colour, logo) and the addresses its weekly report goes to.

export async function fetchBranding(signal?: AbortSignal): Promise<BrandingResponse> {
  return responseData(api.api.branding.$get(undefined, { init: { signal } }));
}

export async function saveBranding(input: { display_name?: string | null; accent_color?: string | null }): Promise<BrandingResponse> {
  return responseData(api.api.branding.$put({ json: input }));
}

/** The raw file as the body with its own type: the server checks what the bytes are. */
export async function uploadLogo(file: File): Promise<BrandingResponse> {
  const response = await apiFetch("/api/branding/logo", { method: "PUT", body: file, headers: { "Content-Type": file.type || "application/octet-stream" } });
  return (await response.json()) as BrandingResponse;
}

export async function removeLogo(): Promise<BrandingResponse> {
  return responseData(api.api.branding.logo.$delete());
}

export interface ReportRecipients {
  /** `connection_id`: the seller connection whose report the address gets; absent: the whole workspace's. */
  recipients: { email: string; confirmed: boolean; connection_id?: string; connection_name?: string }[];
  /** Why this account may add no address (a demo account); null when it may. */
  add_refusal: string | null;
}

export async function fetchRecipients(signal?: AbortSignal): Promise<ReportRecipients> {
  return responseData(api.api.branding.recipients.$get(undefined, { init: { signal } }));
}

/** Adds `email` for one connection's report, or the whole workspace's when `connectionId` is left out. */
export async function addRecipient(email: string, connectionId?: string): Promise<ReportRecipients> {
  const body = connectionId ? { email, connection_id: connectionId } : { email };
  return withIdempotencyKey("addRecipient", body, (headers) => responseData(api.api.branding.recipients.$post({ json: body }, { headers })));
}

export async function removeRecipient(email: string): Promise<ReportRecipients> {
  return responseData(api.api.branding.recipients[":email"].$delete({ param: { email } }));
}
