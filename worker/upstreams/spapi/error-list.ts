/** SP-API's ErrorList answers, as the client reads them. */
export interface SpApiError {
  code?: string;
  message?: string;
  details?: string;
}

/** The errors of an SP-API ErrorList body ({ errors: [{ code, message, details }] }); [] when it is not one. */
export async function errorListOf(res: Response): Promise<SpApiError[]> {
  const body: unknown = await res.json().catch(() => null);
  const errors = typeof body === "object" && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return [];
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return errors.map((error: unknown) => {
    const entry = (typeof error === "object" && error !== null ? error : {}) as Record<string, unknown>;
    return { code: text(entry.code), message: text(entry.message), details: text(entry.details) };
  });
}

/**
 * SP-API answers an expired access token with 403 Unauthorized, "Access to requested resource
 * is denied." and details such as "The access token you provided has expired." or "The
 * security token included in the request is expired"; other 403s are about roles or consent.
 */
export function isExpiredToken(errors: readonly SpApiError[]): boolean {
  return errors.some((error) => /\bexpired\b/i.test(`${error.details ?? ""} ${error.message ?? ""}`));
}
