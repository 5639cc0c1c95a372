import type { EmailSender } from "./sender";

/** An EmailSender that keeps what it is asked to send; its first `failures` sends reject. */
export class RecordingEmailSender implements EmailSender {
  readonly sent: EmailMessageBuilder[] = [];

  constructor(private failures = 0) {}

  async send(message: EmailMessageBuilder): Promise<void> {
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error("email sending is unavailable");
    }
    this.sent.push(message);
  }
}
