import { sendableAddress } from "../../contract/email-domain";

/** Where outgoing email goes: Cloudflare's send_email binding in the Worker, a recording fake in tests. */
export interface EmailSender {
  /** Rejects when the message was not accepted for delivery. */
  send(message: EmailMessageBuilder): Promise<void>;
}

type Recipients = EmailMessageBuilder["to"];
type Recipient = string | EmailAddress;

const sendableRecipient = (recipient: Recipient): Recipient =>
  typeof recipient === "string" ? sendableAddress(recipient) : { ...recipient, email: sendableAddress(recipient.email) };
const sendable = (recipients: NonNullable<Recipients>) => (Array.isArray(recipients) ? recipients.map(sendableRecipient) : sendableRecipient(recipients));

/**
 * The message with every recipient's domain as its A-label: Email Service documents no SMTPUTF8,
 * so `anna@bücher.de` goes out as `anna@xn--bcher-kva.de`. New addresses are stored so already
 * (normalizeEmail); this covers rows stored before that and any address a caller did not normalise.
 */
export function sendableMessage(message: EmailMessageBuilder): EmailMessageBuilder {
  const { to, cc, bcc } = message;
  return {
    ...message,
    ...(to === undefined ? {} : { to: sendable(to) }),
    ...(cc === undefined ? {} : { cc: sendable(cc) }),
    ...(bcc === undefined ? {} : { bcc: sendable(bcc) }),
  } as EmailMessageBuilder;
}

/** The real sender: a send_email binding from wrangler.toml. */
export function bindingEmailSender(binding: SendEmail): EmailSender {
  return {
    async send(message) {
      await binding.send(sendableMessage(message));
    },
  };
}
