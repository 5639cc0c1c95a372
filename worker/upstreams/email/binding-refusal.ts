/**
 * What the send_email binding's structured send() refuses before anything is sent, as its error
 * says it ("E_CODE: words"): the fakes (recording-sender.ts, the Worker tests' fake binding) refuse
 * the same, so a message the service would refuse never passes in a test.
 *
 * - Cloudflare Email Service's header rules (developers.cloudflare.com/email-service/reference/headers):
 *   an allowlist plus X- headers; List-Unsubscribe must hold an <https://…> URI, and
 *   List-Unsubscribe-Post must be exactly "List-Unsubscribe=One-Click" beside it.
 * - The payload (the Workers API's error codes and the platform limits): `to`, `from` and `subject`
 *   present (E_FIELD_MISSING); a body, well-formed addresses, a one-line subject of at most 998
 *   characters (E_VALIDATION_ERROR); at most 50 recipients across to, cc and bcc
 *   (E_TOO_MANY_RECIPIENTS) and 32 attachments (E_TOO_MANY_ATTACHMENTS).
 * - The sender's domain onboarded to Email Service on the account (E_SENDER_DOMAIN_NOT_AVAILABLE):
 *   the fakes' account has FAKE_SENDING_DOMAINS, so a sending address set to another domain fails
 *   as it would in production.
 * - Recipient domains in ASCII (an IDN as its A-label): Email Service documents no SMTPUTF8; its SMTP
 *   submission, the same pipeline as the binding, offers none in EHLO
 *   (developers.cloudflare.com/email-service/api/send-emails/smtp), and without it RFC 6531 allows no
 *   UTF-8 in RCPT TO (E_VALIDATION_ERROR). Local parts are left alone: nothing says how it treats them.
 */

const ALLOWED_HEADERS = new Set(
  ["In-Reply-To", "References", "List-Unsubscribe", "List-Unsubscribe-Post", "List-Id", "List-Archive", "List-Help", "List-Owner", "List-Post", "List-Subscribe", "Precedence", "Auto-Submitted", "Content-Language", "Keywords", "Comments", "Importance", "Priority", "Sensitivity", "Organization", "Require-Recipient-Valid-Since", "Expires", "Reply-By", "Archived-At"].map((name) => name.toLowerCase()),
);

/** An address the service takes: one @, no spaces, angle brackets, quotes or commas, a dotted domain. */
const WELL_FORMED_ADDRESS = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;

type AddressField = EmailMessageBuilder["to"] | EmailMessageBuilder["from"] | EmailMessageBuilder["replyTo"];

/** The addresses of one field of a message (a string, an EmailAddress, or a list of either). */
export function addressesOf(value: AddressField | undefined): string[] {
  return (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]).map((item) => (typeof item === "string" ? item : item.email));
}

function payloadProblem(message: EmailMessageBuilder): string | null {
  for (const field of ["to", "from", "subject"] as const) {
    const value = message[field];
    if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) return `E_FIELD_MISSING: ${field}`;
  }
  if (!message.text && !message.html) return "E_VALIDATION_ERROR: the message has no text and no html body";
  if (message.subject.length > 998 || /[\r\n]/.test(message.subject)) return "E_VALIDATION_ERROR: subject";
  for (const field of ["from", "replyTo", "to", "cc", "bcc"] as const) {
    const bad = addressesOf(message[field]).find((address) => !WELL_FORMED_ADDRESS.test(address));
    if (bad !== undefined) return `E_VALIDATION_ERROR: ${field} ${JSON.stringify(bad)} is not an email address`;
  }
  if ((["to", "cc", "bcc"] as const).flatMap((field) => addressesOf(message[field])).length > 50) return "E_TOO_MANY_RECIPIENTS: at most 50 across to, cc and bcc";
  if ((message.attachments?.length ?? 0) > 32) return "E_TOO_MANY_ATTACHMENTS: at most 32";
  return null;
}

function recipientProblem(message: EmailMessageBuilder): string | null {
  for (const field of ["to", "cc", "bcc"] as const) {
    for (const address of addressesOf(message[field])) {
      if (/[^\x00-\x7f]/.test(address.slice(address.lastIndexOf("@") + 1))) return `E_VALIDATION_ERROR: ${field} ${address}: the domain must be ASCII (its IDNA A-label)`;
    }
  }
  return null;
}

function headerProblem(headers: Record<string, string> = {}): string | null {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  for (const [name, value] of lower) {
    if (!ALLOWED_HEADERS.has(name) && !/^x-[a-z0-9\-_]+$/.test(name)) return `E_HEADER_NOT_ALLOWED: ${name}`;
    if (!value || /[\r\n]/.test(value)) return `E_HEADER_VALUE_INVALID: ${name}`;
  }
  const unsubscribe = lower.get("list-unsubscribe");
  if (unsubscribe !== undefined && !/<(https:\/\/|mailto:)[^>]+>/.test(unsubscribe)) return "E_HEADER_VALUE_INVALID: List-Unsubscribe must contain angle-bracket HTTPS or mailto URI(s).";
  const post = lower.get("list-unsubscribe-post");
  if (post !== undefined && (post !== "List-Unsubscribe=One-Click" || !/<https:\/\//.test(unsubscribe ?? ""))) return "E_HEADER_VALUE_INVALID: List-Unsubscribe-Post";
  return null;
}

/** The domains onboarded on the fakes' Email Service account: wrangler.toml's sender's and the tests'. */
export const FAKE_SENDING_DOMAINS: readonly string[] = ["ranklayer.com", "ranklayer.example"];

function senderProblem(message: EmailMessageBuilder, sendingDomains: readonly string[]): string | null {
  const from = addressesOf(message.from)[0] ?? "";
  const domain = from.slice(from.lastIndexOf("@") + 1).toLowerCase();
  return sendingDomains.includes(domain) ? null : `E_SENDER_DOMAIN_NOT_AVAILABLE: ${domain} is not a sending domain of this account`;
}

/** Why the binding refuses `message` as handed to it ("E_CODE: words"), or null when it takes it. */
export function bindingRefusal(message: EmailMessageBuilder, sendingDomains = FAKE_SENDING_DOMAINS): string | null {
  return (
    payloadProblem(message) ??
    senderProblem(message, sendingDomains) ??
    recipientProblem(message) ??
    headerProblem(message.headers as Record<string, string> | undefined)
  );
}
