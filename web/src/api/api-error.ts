/** A non-2xx API response: its status and the body's `detail`, if it had one. */
export class ApiError extends Error {
  readonly status: number;
  /** The body's `detail`: a string, a validation issue list, or undefined. */
  readonly detail: unknown;
  /** The answer's Retry-After in seconds, when it had one (a 429's or 503's). */
  readonly retryAfterSeconds: number | null;
  /** The body's stable `code` (docs/api.md#errors), when it had one. */
  readonly code: string | undefined;

  constructor(status: number, detail: unknown, retryAfterSeconds: number | null = null, code?: string) {
    super(detailText(detail) ?? `Request failed with status ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
    this.retryAfterSeconds = retryAfterSeconds;
    this.code = code;
  }

  /** The error a non-2xx response stands for, with the `detail` of its JSON body (none when the body is not JSON). */
  static async of(response: Pick<Response, "status" | "json"> & { headers?: Pick<Headers, "get"> }): Promise<ApiError> {
    const retryAfter = Number(response.headers?.get("Retry-After") ?? Number.NaN);
    const { detail, code } = await readBody(response);
    return new ApiError(response.status, detail, Number.isFinite(retryAfter) ? retryAfter : null, code);
  }
}

async function readBody(response: Pick<Response, "json">): Promise<{ detail?: unknown; code?: string }> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== "object" || body === null) return {};
    return { detail: "detail" in body ? body.detail : undefined, code: "code" in body && typeof body.code === "string" ? body.code : undefined };
  } catch {
    return {};
  }
}

/**
 * The readable text of an error `detail`: a string as is, or a list of issues
 * (`{msg}` from validation, `{message}` elsewhere) joined with ", ". Null otherwise.
 */
export function detailText(detail: unknown): string | null {
  if (typeof detail === "string") return detail.trim() === "" ? null : detail;
  if (!Array.isArray(detail)) return null;
  const messages = detail.flatMap((issue: unknown) => {
    if (typeof issue !== "object" || issue === null) return [];
    const text = "msg" in issue ? issue.msg : "message" in issue ? issue.message : undefined;
    return typeof text === "string" && text !== "" ? [text] : [];
  });
  return messages.length > 0 ? messages.join(", ") : null;
}

/**
 * What to tell the user about a failed call: the server's own reason when it gave one,
 * else `fallback`. Anything that is not an ApiError (a network failure, a bug) gets the
 * fallback, so no internal message ever reaches the page.
 */
export function errorMessage(error: unknown, fallback: string): string;
export function errorMessage(error: unknown): string | null;
export function errorMessage(error: unknown, fallback: string | null = null): string | null {
  return (error instanceof ApiError ? detailText(error.detail) : null) ?? fallback;
}

/**
 * Whether a plan (or signing in) would lift this refusal: the plan's own refusals (403 plan_limit) and its
 * monthly lookups (a 429), but not the per-minute limit, a 429 that resets within the minute,
 * which waiting lifts.
 */
export function liftedByPlan(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  // A 403 of another code (a role's, a stale page's) is lifted by no plan.
  if (error.status === 403) return error.code === undefined || error.code === "plan_limit";
  return error.status === 429 && !(error.retryAfterSeconds !== null && error.retryAfterSeconds <= 60);
}
