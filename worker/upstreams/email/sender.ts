/** Where outgoing email goes: Cloudflare's send_email binding in the Worker, a recording fake in tests. */
export interface EmailSender {
  /** Rejects when the message was not accepted for delivery. */
  send(message: EmailMessageBuilder): Promise<void>;
}

/** The real sender: a send_email binding from wrangler.toml. */
export function bindingEmailSender(binding: SendEmail): EmailSender {
  return {
    async send(message) {
      await binding.send(message);
    },
  };
}
