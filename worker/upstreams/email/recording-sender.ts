import { addressesOf, bindingRefusal, FAKE_SENDING_DOMAINS } from "./binding-refusal";
import { type EmailSender, sendableMessage } from "./sender";

/**
 * An error as the send_email binding's send() throws it: an Error whose `code` is one of Email
 * Service's documented codes (E_RECIPIENT_SUPPRESSED, E_RATE_LIMIT_EXCEEDED, …).
 */
export function emailBindingError(code: string, message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}

/** The recipients of a message, as plain addresses. */
export function recipientsOf(message: EmailMessageBuilder): string[] {
  return (["to", "cc", "bcc"] as const).flatMap((field) => addressesOf(message[field]));
}

/** The binding's own refusal of a message, thrown as its send() throws it, or nothing. */
export function throwIfRefusedByBinding(message: EmailMessageBuilder, sendingDomains = FAKE_SENDING_DOMAINS): void {
  const problem = bindingRefusal(message, sendingDomains);
  if (problem) throw emailBindingError(problem.slice(0, problem.indexOf(":")), problem);
}

/**
 * An EmailSender that keeps what it is asked to send. Its first `failures` sends reject as the
 * binding does when the service is unavailable (E_INTERNAL_SERVER_ERROR, transient); a message to an
 * address in `refused` is refused with that address's code (E_RECIPIENT_SUPPRESSED for an address
 * that bounced, E_RECIPIENT_NOT_ALLOWED for one the binding may not send to), every time. Its
 * account has `sendingDomains` onboarded: a sender on any other domain is refused.
 */
export class RecordingEmailSender implements EmailSender {
  readonly sent: EmailMessageBuilder[] = [];
  /** Every message it was handed, refused or not. */
  readonly attempts: EmailMessageBuilder[] = [];

  /** `refused` by lower-case address: the service refuses an address in any case it is written in. */
  private readonly refused: ReadonlyMap<string, string>;

  constructor(
    private failures = 0,
    refused: Readonly<Record<string, string>> = {},
    private readonly sendingDomains = FAKE_SENDING_DOMAINS,
  ) {
    this.refused = new Map(Object.entries(refused).map(([address, code]) => [address.toLowerCase(), code]));
  }

  async send(message: EmailMessageBuilder): Promise<void> {
    this.attempts.push(message);
    // What the real sender hands the binding (its recipients' domains as A-labels) is what the binding judges.
    throwIfRefusedByBinding(sendableMessage(message), this.sendingDomains);
    const refusedTo = recipientsOf(message).find((address) => this.refused.has(address.toLowerCase()));
    if (refusedTo !== undefined) throw emailBindingError(this.refused.get(refusedTo.toLowerCase())!, `recipient ${refusedTo} was refused`);
    if (this.failures > 0) {
      this.failures -= 1;
      throw emailBindingError("E_INTERNAL_SERVER_ERROR", "email sending is unavailable");
    }
    this.sent.push(message);
  }
}
