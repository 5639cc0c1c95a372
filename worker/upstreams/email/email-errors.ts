/**
 * What a failed send of the send_email binding means. Its send() rejects with an Error whose `code`
 * is one of Email Service's documented codes (developers.cloudflare.com/email-service/api/send-emails/workers-api).
 * The binding reports no bounces later; a refusal it can know of comes back here, at once:
 *
 * - the recipient: E_RECIPIENT_SUPPRESSED (on the suppression list: an earlier email to it bounced
 *   or was marked as spam), E_RECIPIENT_NOT_ALLOWED (not a destination this binding may send to,
 *   such as an unverified address on Workers Free);
 * - the message itself: E_VALIDATION_ERROR (an invalid address or field), E_FIELD_MISSING,
 *   E_TOO_MANY_RECIPIENTS, E_CONTENT_TOO_LARGE, E_HEADER_*.
 *
 * Neither can pass on a retry of the same message, so both are permanent. Everything else is
 * transient: E_RATE_LIMIT_EXCEEDED, E_DAILY_LIMIT_EXCEEDED, E_DELIVERY_FAILED,
 * E_INTERNAL_SERVER_ERROR, an unknown error; and so is E_SENDER_NOT_VERIFIED /
 * E_SENDER_DOMAIN_NOT_AVAILABLE, our own sending address, which the operator can put right while
 * the retries run (no user's address is at fault).
 */
export type EmailFailure =
  /** Refused for good; `detail` names the address when it was the recipient, and what to do. */
  | { permanent: true; code: string; detail: string }
  | { permanent: false; code: string | null; detail: string };

const RECIPIENT_REFUSALS: Readonly<Record<string, string>> = {
  E_RECIPIENT_SUPPRESSED: "an earlier email to it bounced or was marked as spam, so the email service no longer sends to it",
  E_RECIPIENT_NOT_ALLOWED: "the email service does not allow sending to it (not a verified destination)",
};

const MESSAGE_REFUSALS = new Set(["E_VALIDATION_ERROR", "E_FIELD_MISSING", "E_TOO_MANY_RECIPIENTS", "E_CONTENT_TOO_LARGE"]);

/** The documented code of a binding error: its `code`, or the E_… its message starts with. */
export function emailErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^E_[A-Z_]+$/.test(code)) return code;
  const message = error instanceof Error ? error.message : String(error);
  return /^(E_[A-Z_]+)\b/.exec(message)?.[1] ?? null;
}

/** Why the service refuses the recipient of a failed send for good (suppressed, not allowed), or null when it did not. */
export function recipientRefusal(error: unknown): string | null {
  const code = emailErrorCode(error);
  return code === null ? null : (RECIPIENT_REFUSALS[code] ?? null);
}

/** Whether a failed send to `to` can pass on a retry, and the words to record for it. */
export function classifyEmailFailure(error: unknown, to: string): EmailFailure {
  const code = emailErrorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const refusal = recipientRefusal(error);
  if (code !== null && refusal !== null) {
    return { permanent: true, code, detail: `${to} was refused (${code}): ${refusal}. It is not tried again: save a working address` };
  }
  if (code !== null && (MESSAGE_REFUSALS.has(code) || code.startsWith("E_HEADER_"))) {
    const why = message.startsWith(code) ? message : `${code}: ${message}`;
    return { permanent: true, code, detail: `The email service refused this message for good (${why}); it is not tried again. If the address ${to} is mistyped, save a working address` };
  }
  return { permanent: false, code, detail: message };
}

/** The two details above that name the address to correct. */
const REFUSED_ADDRESS = [/^(\S+) was refused \(E_[A-Z_]+\): /, / If the address (\S+) is mistyped, save a working address$/];

/**
 * The address a recorded refusal for good (a classifyEmailFailure detail) asks to correct, or null
 * for any other failure. Settings drops such a refusal once another address is saved in its place.
 */
export function refusedAddressOf(detail: string): string | null {
  for (const pattern of REFUSED_ADDRESS) {
    const address = pattern.exec(detail)?.[1];
    if (address !== undefined) return address;
  }
  return null;
}
