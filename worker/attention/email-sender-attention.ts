import { isolateSlot } from "../shared/isolate-state";
import type { EmailSender } from "../upstreams/email/sender";

/** The attention row of a sending address (scope "app"), as /status reads it. */
export const emailSenderKey = (from: string) => `email:${from.toLowerCase()}`;

export function emailSenderFix(from: string, setting: string, code: string): string {
  const domain = from.slice(from.lastIndexOf("@") + 1);
  return (
    `Email Service refused RankLayer's sending address ${from} (${code}): onboard ${domain} in the Cloudflare dashboard (Email Sending → Onboard Domain), ` +
    `or set ${setting} to an address on a domain that is. Until then no email from it goes out; alerts and reports are retried.`
  );
}

/** Sending addresses this isolate has seen sent from since it last saw one refused: their rows are gone. */
const confirmed = isolateSlot(() => new Set<string>());

/**
 * The sender, telling /status when Email Service refuses our own sending address (the domain not
 * onboarded or verified: no user's address is at fault, and every email fails until the operator
 * acts). The row goes at the address's next accepted email; an isolate clears it once, not at
 * every email.
 */
export function attentiveEmailSender(sender: EmailSender, db: D1Database, from: { address: string; setting: string }): EmailSender {
  const key = emailSenderKey(from.address);
  return {
    async send(message) {
      try {
        await sender.send(message);
      } catch (error) {
        // The services build this sender on every request: what only a failure needs loads with the first failure.
        const { senderRefusalCode } = await import("../upstreams/email/email-errors");
        const code = senderRefusalCode(error);
        if (code !== null) {
          confirmed().delete(key);
          const { markAttention } = await import("./attention-store");
          const detail = emailSenderFix(from.address, from.setting, code);
          await markAttention(db, { scope: "app", key, code, detail, setting: from.address, nowIso: new Date().toISOString() }).catch((failure: unknown) =>
            console.error("email sender attention not recorded", failure),
          );
        }
        throw error;
      }
      if (confirmed().has(key)) return;
      confirmed().add(key);
      const { clearAttention } = await import("./attention-store");
      await clearAttention(db, "app", key).catch((failure: unknown) => console.error("email sender attention not cleared", failure));
    },
  };
}
