import { describe, expect, it } from "vitest";
import { RecordingEmailSender } from "../../../worker/upstreams/email/recording-sender";
import { fakeEmailBinding } from "./support";

const good = { from: { email: "alerts@ranklayer.example", name: "RankLayer" }, to: "anna@example.com", subject: "Rank alert", text: "Rank #812" } as EmailMessageBuilder;

/** The code the fake's send() rejects with, or "sent". */
async function outcome(message: Partial<EmailMessageBuilder>): Promise<string> {
  const email = fakeEmailBinding();
  try {
    await email.binding.send({ ...good, ...message } as EmailMessageBuilder);
    return "sent";
  } catch (error) {
    return (error as { code: string }).code;
  }
}

const addresses = (count: number) => Array.from({ length: count }, (_, i) => `r${i}@example.com`);

describe("the fake send_email binding refuses what Email Service refuses", () => {
  it("sends a whole message, and records it", async () => {
    const email = fakeEmailBinding();
    await email.binding.send(good);
    expect(email.sent).toEqual([good]);
  });

  it.each([
    ["no recipient", { to: undefined }],
    ["an empty recipient list", { to: [] }],
    ["no sender", { from: undefined }],
    ["no subject", { subject: "" }],
  ])("%s: E_FIELD_MISSING", async (_, message) => {
    expect(await outcome(message as Partial<EmailMessageBuilder>)).toBe("E_FIELD_MISSING");
  });

  it.each([
    ["no body", { text: undefined, html: undefined }],
    ["a subject of two lines", { subject: "Rank alert\r\nBcc: everyone@example.com" }],
    ["a subject past 998 characters", { subject: "x".repeat(999) }],
    ["a recipient that is not an address", { to: "anna at example.com" }],
    ["a sender that is not an address", { from: "RankLayer" }],
    ["a cc with a display name glued on", { cc: "Anna <anna@example.com>" }],
  ])("%s: E_VALIDATION_ERROR", async (_, message) => {
    expect(await outcome(message as Partial<EmailMessageBuilder>)).toBe("E_VALIDATION_ERROR");
  });

  it("takes 50 recipients across to, cc and bcc, not 51", async () => {
    expect(await outcome({ to: addresses(30), cc: addresses(10), bcc: addresses(10) })).toBe("sent");
    expect(await outcome({ to: addresses(30), cc: addresses(10), bcc: addresses(11) })).toBe("E_TOO_MANY_RECIPIENTS");
  });

  it("takes 32 attachments, not 33", async () => {
    const attachment = { content: "aGk=", filename: "a.csv", type: "text/csv", disposition: "attachment" as const };
    expect(await outcome({ attachments: Array(32).fill(attachment) })).toBe("sent");
    expect(await outcome({ attachments: Array(33).fill(attachment) })).toBe("E_TOO_MANY_ATTACHMENTS");
  });

  it("refuses a sender whose domain the account has not onboarded (E_SENDER_DOMAIN_NOT_AVAILABLE), whatever the recipient", async () => {
    expect(await outcome({ from: "alerts@ranklayer.example" })).toBe("sent");
    expect(await outcome({ from: { email: "alerts@unboarded.example", name: "RankLayer" } })).toBe("E_SENDER_DOMAIN_NOT_AVAILABLE");
    const onboarded = fakeEmailBinding(0, {}, ["unboarded.example"]);
    await onboarded.binding.send({ ...good, from: "alerts@unboarded.example" });
    expect(onboarded.sent).toHaveLength(1);
  });

  it("counts a refused payload as an attempt, never as sent", async () => {
    const email = fakeEmailBinding();
    await expect(email.binding.send({ ...good, subject: "" })).rejects.toMatchObject({ code: "E_FIELD_MISSING" });
    expect(email.attempts).toHaveLength(1);
    expect(email.sent).toEqual([]);
  });
});

describe("the recording sender (the whole EmailSender faked) refuses what the binding would refuse", () => {
  it("refuses a message the binding refuses, counting it as an attempt", async () => {
    const sender = new RecordingEmailSender();
    await expect(sender.send({ ...good, subject: "" })).rejects.toMatchObject({ code: "E_FIELD_MISSING" });
    expect(sender.attempts).toHaveLength(1);
    expect(sender.sent).toEqual([]);
  });

  it("takes an IDN recipient, as the real sender hands the binding its A-label", async () => {
    const sender = new RecordingEmailSender();
    await sender.send({ ...good, to: "anna@bücher.de" });
    expect(sender.sent).toHaveLength(1);
  });
});
