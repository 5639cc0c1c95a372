import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Every 4xx/5xx answer of the API is `{detail, code}`: `detail` in words for people, `code`
 * stable for programs (listed in the OpenAPI document). Routes throw an ApiError; the app's
 * onError turns it into the answer, so no handler writes an error body by hand.
 */
export const ERROR_CODES = {
  bad_request: "The request could not be read (e.g. the body is not JSON).",
  validation_failed: "The input did not match the schema; `detail` lists each problem as {loc, msg, type}.",
  not_found: "No such route or resource.",
  method_not_allowed: "The path exists, but not for this method; the Allow header lists its methods.",
  unauthenticated: "No session or API key, or an invalid one.",
  forbidden: "Signed in, but not allowed.",
  recent_sign_in_required: "A sensitive account change needs a sign-in (or re-verification) within the last 15 minutes; re-verify at /api/account/reverify/*, then retry.",
  xsrf_failed: "The X-XSRF-TOKEN header is missing or does not match.",
  plan_limit: "The account's plan does not allow this.",
  conflict: "The change conflicts with existing data.",
  workspace_changed: "The page shows another workspace than the one the session now works in (X-Workspace-Id); reload it.",
  gone: "The link or invitation expired or was withdrawn.",
  rate_limited: "Past a rate limit; see Retry-After.",
  payload_too_large: "The body is larger than the API accepts.",
  unsupported_media_type: "The body's Content-Type is not one the route reads (application/json for JSON routes).",
  upstream_unavailable: "Amazon or Stripe failed or is throttling; see Retry-After.",
  not_configured: "The deployment lacks the credentials this needs.",
  internal: "A bug on our side.",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  detail: string | { loc: (string | number)[]; msg: string; type: string }[];
  code: ErrorCode;
}

export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly detail: ErrorBody["detail"],
    readonly headers: Record<string, string> = {},
  ) {
    super(status, { message: typeof detail === "string" ? detail : code });
  }
}

/** The code of an HTTPException thrown without one (Hono's own middleware, e.g. the body limit). */
export function codeOfStatus(status: number): ErrorCode {
  if (status === 400) return "bad_request";
  if (status === 401) return "unauthenticated";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 410) return "gone";
  if (status === 413) return "payload_too_large";
  if (status === 415) return "unsupported_media_type";
  if (status === 422) return "validation_failed";
  if (status === 429) return "rate_limited";
  if (status === 503) return "upstream_unavailable";
  return status >= 500 ? "internal" : "forbidden";
}
