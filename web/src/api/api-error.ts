/** A non-2xx API response: its status and the body's `detail`, if it had one. */
export class ApiError extends Error {
  readonly status: number;
  /** The body's `detail`: a string, a validation issue list, or undefined. */
  readonly detail: unknown;

  constructor(status: number, detail: unknown) {
    super(detailText(detail) ?? `Request failed with status ${status}`);
    this.name = "ApiError";
    this.status = status;
    this.detail = detail;
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
