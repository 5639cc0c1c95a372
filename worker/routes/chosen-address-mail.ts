import type { Context } from "hono";
import { currentAccount } from "../auth/session-middleware";
import type { AppEnv } from "../env";
import type { ChosenAddressMail, MailLimitScope } from "../ratelimit/mail-limit";
import { ApiError } from "../shared/api-error";
import type { EmailSender } from "../upstreams/email/sender";
import { recipientRefusal, senderRefusalCode } from "../upstreams/email/email-errors";

/**
 * The answer to a person who asked for an email the service refused for our own sending address: a
 * 503 saying the fault is ours, not "try again in a minute" (an operator must act; /status says
 * what). Null for any other failure.
 */
export function senderRefusedError(error: unknown): ApiError | null {
  if (senderRefusalCode(error) === null) return null;
  const detail = "RankLayer cannot send email right now: the email service refuses our sending address, which is ours to put right (see /status). Nothing was sent and nothing changed; try again later.";
  return new ApiError(503, "upstream_unavailable", detail, { "Retry-After": "600" });
}

/**
 * The answer to an email the service refused for good to the address a person just typed
 * (suppressed after a bounce, not allowed): a 422 on `email`, since no retry can pass and "try
 * again in a minute" would keep them trying. Null for any other failure.
 */
export function recipientRefusedError(email: string, error: unknown): ApiError | null {
  const refusal = recipientRefusal(error);
  return refusal === null ? null : addressRefused(email, refusal);
}

/** The 422 on `email` for an address the email service refuses for good, and why (email-errors.ts recipientRefusal). */
export function addressRefused(email: string, why: string): ApiError {
  const msg = `${email} cannot be sent email: ${why}. Check the address, or use another one.`;
  return new ApiError(422, "validation_failed", [{ loc: ["body", "email"], msg, type: "email_refused" }]);
}

const inMinutes = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
};

/** The 429's detail, by the limit that refused; a refused request changes nothing. */
function limitDetail(kind: ChosenAddressMail, refusedBy: MailLimitScope, limit: number, email: string, retryAfterSeconds: number): string {
  const wait = `Nothing was changed; try again in ${inMinutes(retryAfterSeconds)}.`;
  if (refusedBy === "sender") return `You have sent ${limit} ${kind === "invitation" ? "invitations" : "confirmation emails"} this hour from all your workspaces, the most one person may. ${wait}`;
  if (kind === "invitation") return `${email} was already invited ${limit} times this hour, the most one address may be; the newest invitation still works. ${wait}`;
  if (refusedBy === "address") {
    return `${email} was already sent a confirmation email from this workspace this hour (one an hour per address). Its link works for 7 days: ask them to look in their spam folder. ${wait}`;
  }
  if (refusedBy === "workspace") return `This workspace has sent ${limit} confirmation emails this hour, the most it may. ${wait}`;
  return `${email} has been sent ${limit} confirmation emails from RankLayer workspaces this hour, the most one address gets. ${wait}`;
}

/**
 * Sends one email from the workspace to an address a member typed in, within its limits
 * (ratelimit/mail-limit.ts): past one, 429 with Retry-After. A send that fails answers 502 with
 * Retry-After, as sign-in mail does, and gives its counts back so that trying again works;
 * `notSent` is that answer's detail. An address the email service refuses for good (suppressed
 * after a bounce, not allowed: upstreams/email/email-errors.ts) is a 422 on `email` instead, since
 * no retry can pass. Callers store the request only once this returned, so a 429, 422 or 502
 * leaves nothing half done.
 */
export async function sendToChosenAddress(
  c: Context<AppEnv>,
  mail: { kind: ChosenAddressMail; workspaceId: string; email: string; sender: EmailSender; message: EmailMessageBuilder; notSent: string },
): Promise<void> {
  const take = await c.get("services").quota.takeMailTo(mail.kind, { workspaceId: mail.workspaceId, senderId: currentAccount(c).user.id, email: mail.email });
  if (!take.allowed) {
    const detail = limitDetail(mail.kind, take.refusedBy, take.limit, mail.email, take.retryAfterSeconds);
    throw new ApiError(429, "rate_limited", detail, { "Retry-After": String(take.retryAfterSeconds) });
  }
  try {
    await mail.sender.send(mail.message);
  } catch (error) {
    console.error(`${mail.kind} email not sent`, error);
    // The answer stays the clear 502 even if the limiter cannot take the count back just now.
    await take.giveBack().catch((giveBackError: unknown) => console.error(`${mail.kind} mail count not given back`, giveBackError));
    throw recipientRefusedError(mail.email, error) ?? senderRefusedError(error) ?? new ApiError(502, "upstream_unavailable", mail.notSent, { "Retry-After": "60" });
  }
}
