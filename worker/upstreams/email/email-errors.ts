/**
 * What a failed send of the send_email binding means. Its send() rejects with an Error whose `code`
 * is one of Email Service's documented codes (developers.cloudflare.com/email-service/api/send-emails/workers-api).
 * The binding reports no bounces later; a refusal it can know of comes back here, at once:
 *
 * - the recipient: E_RECIPIENT_SUPPRESSED (on the suppression list: an earlier email to it bounced
 *   or was marked as spam), E_RECIPIENT_NOT_ALLOWED (not a destination this binding may send to,
 *   such as an unverified address on Workers Free);
 * - the message itself: E_VALIDATION_ERROR (an invalid address or field), E_FIELD_MISSING,
 *   E_TOO_MANY_RECIPIENTS, E_TOO_MANY_ATTACHMENTS, E_CONTENT_TOO_LARGE, E_HEADER_*.
 *
 * Neither can pass on a retry of the same message, so both are permanent. Everything else is
 * transient: E_RATE_LIMIT_EXCEEDED, E_DAILY_LIMIT_EXCEEDED, E_DELIVERY_FAILED,
 * E_INTERNAL_SERVER_ERROR, an unknown error; and so is E_SENDER_NOT_VERIFIED /
 * E_SENDER_DOMAIN_NOT_AVAILABLE, our own sending address, which the operator can put right while
 * the retries run (no user's address is at fault).
 */
export type EmailFailure =
  /**
   * Refused for good. `refusedAddress`: the address the message was sent to (to correct, when it
   * is at fault); `code`: the service's code, kept as data for support and logs; `detail`: plain
   * words for the user, naming the address and what to do, without the code.
   */
  | { permanent: true; code: string; refusedAddress: string; detail: string }
  | { permanent: false; code: string | null; detail: string };

/** A refusal for good as the outboxes record it beside the words: the address it was sent to and the service's code. */
export interface EmailRefusal {
  refusedAddress: string;
  refusalCode: string;
}

/** The refusal to record of a failure, or null when a retry may pass. */
export function refusalOf(failure: EmailFailure): EmailRefusal | null {
  return failure.permanent ? { refusedAddress: failure.refusedAddress, refusalCode: failure.code } : null;
}

/**
 * The recipient refusals for good, each said two ways: `why`, after the address a user just chose
 * ("… cannot be sent email: "); `refused`, naming the address, after "could not be delivered: ".
 */
const RECIPIENT_REFUSALS: Readonly<Record<string, { why: string; refused: (to: string) => string }>> = {
  E_RECIPIENT_SUPPRESSED: {
    why: "an earlier email to it bounced or was marked as spam, so the email service no longer sends to it",
    refused: (to) => `the email service no longer sends to ${to} because an earlier email to it bounced or was marked as spam`,
  },
  E_RECIPIENT_NOT_ALLOWED: {
    why: "the email service does not allow sending to it (it is not a verified destination)",
    refused: (to) => `the email service does not allow sending to ${to} (it is not a verified destination)`,
  },
};

/** What a failure the retries may get past says to the user, in place of the service's code. */
const PASSING_FAILURES: Readonly<Record<string, string>> = {
  E_RATE_LIMIT_EXCEEDED: "the email service's sending rate was reached",
  E_DAILY_LIMIT_EXCEEDED: "the email service's daily sending limit was reached",
  E_DELIVERY_FAILED: "the email service could not deliver it",
  E_INTERNAL_SERVER_ERROR: "the email service failed",
  E_SENDER_NOT_VERIFIED: "RankLayer's sending address is not verified with the email service yet",
  E_SENDER_DOMAIN_NOT_AVAILABLE: "RankLayer's sending domain is not available to the email service yet",
};

const MESSAGE_REFUSALS = new Set(["E_VALIDATION_ERROR", "E_FIELD_MISSING", "E_TOO_MANY_RECIPIENTS", "E_TOO_MANY_ATTACHMENTS", "E_CONTENT_TOO_LARGE"]);

/** The documented code of a binding error: its `code`, or the E_… its message starts with. */
export function emailErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^E_[A-Z_]+$/.test(code)) return code;
  const message = error instanceof Error ? error.message : String(error);
  return /^(E_[A-Z_]+)\b/.exec(message)?.[1] ?? null;
}

/** The service's own words in an error message, without the code it starts with. */
const serviceWords = (message: string, code: string) => (message.startsWith(code) ? message.slice(code.length).replace(/^:\s*/, "") : message).trim();

/** Email Service's refusals of the sending address itself (its domain not onboarded or verified): never a recipient's fault. */
const SENDER_REFUSALS = new Set(["E_SENDER_NOT_VERIFIED", "E_SENDER_DOMAIN_NOT_AVAILABLE"]);

/** The code of a failed send that was the service refusing our own sending address, or null. */
export function senderRefusalCode(error: unknown): string | null {
  const code = emailErrorCode(error);
  return code !== null && SENDER_REFUSALS.has(code) ? code : null;
}

/** Why the service refuses the recipient of a failed send for good (suppressed, not allowed), or null when it did not. */
export function recipientRefusal(error: unknown): string | null {
  const code = emailErrorCode(error);
  return code === null ? null : (RECIPIENT_REFUSALS[code]?.why ?? null);
}

/** Whether a failed send to `to` can pass on a retry, and the words to record for it. */
export function classifyEmailFailure(error: unknown, to: string): EmailFailure {
  const code = emailErrorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const refused = code === null ? undefined : RECIPIENT_REFUSALS[code];
  if (code !== null && refused !== undefined) {
    return { permanent: true, code, refusedAddress: to, detail: `${refused.refused(to)}. It is not tried again: check the address and save a working address` };
  }
  if (code !== null && (MESSAGE_REFUSALS.has(code) || code.startsWith("E_HEADER_"))) {
    // The service's own words say what was wrong; the code before them is kept in `code` only.
    const said = serviceWords(message, code);
    const why = said === "" ? "" : ` (the service said: ${said})`;
    return {
      permanent: true,
      code,
      refusedAddress: to,
      detail: `the email service refused the message to ${to} for good${why}; it is not tried again. If the address is mistyped, save a working address`,
    };
  }
  // Plain words for the codes a retry may get past; the service's own words after them, the code kept as data.
  const plain = code === null ? undefined : PASSING_FAILURES[code];
  if (code === null || plain === undefined) return { permanent: false, code, detail: message };
  const said = serviceWords(message, code);
  return { permanent: false, code, detail: said === "" ? plain : `${plain} (the service said: ${said})` };
}
