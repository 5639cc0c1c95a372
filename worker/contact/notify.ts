import type { ContactEmailConfig } from "../config";
import type { ContactMessage } from "../contract/contact";
import { headerText } from "../shared/header-text";
import { isolateState } from "../shared/isolate-state";
import type { EmailSender } from "../upstreams/email/sender";
import { setEmailStatus } from "./contact-store";

/** The notification the team receives; replying goes straight to the sender. Header values carry no control characters. */
export function notificationEmail(message: ContactMessage, id: string, config: ContactEmailConfig): EmailMessageBuilder {
  const name = headerText(message.name);
  const company = message.company ? headerText(message.company) : "";
  return {
    from: { name: "RankLayer contact form", email: config.from },
    to: config.to,
    replyTo: { name, email: headerText(message.email) },
    subject: `Partnership inquiry from ${name}${company ? ` (${company})` : ""}`,
    text: [
      `Name: ${message.name}`,
      `Company: ${message.company ?? "-"}`,
      `Email: ${message.email}`,
      `Message id: ${id}`,
      "",
      message.message,
    ].join("\n"),
  };
}

/**
 * Sends the notification for a stored message and records the outcome on its row.
 * The message is already stored: a failed email is recorded, never rethrown.
 */
export function notifyTeam(db: D1Database, sender: EmailSender, config: ContactEmailConfig, message: ContactMessage, id: string): Promise<void> {
  // It runs after the answer (waitUntil): tracked, so a test file's reset waits for it.
  return isolateState.track(sendAndRecord(db, sender, config, message, id));
}

async function sendAndRecord(db: D1Database, sender: EmailSender, config: ContactEmailConfig, message: ContactMessage, id: string): Promise<void> {
  let status: "sent" | "failed" = "sent";
  try {
    await sender.send(notificationEmail(message, id, config));
  } catch (error) {
    status = "failed";
    console.error("contact notification email failed; the message is stored", id, error);
  }
  try {
    await setEmailStatus(db, id, status);
  } catch (error) {
    console.error("could not record the contact email status", id, status, error);
  }
}
