import { describe, expect, it } from "vitest";
import { asciiDomain, sendableAddress } from "../../../../worker/contract/email-domain";
import { bindingEmailSender } from "../../../../worker/upstreams/email/sender";
import { fakeEmailBinding } from "../../notifications/support";

const message = (to: EmailMessageBuilder["to"], extra: Partial<EmailMessageBuilder> = {}) =>
  ({ from: { name: "RankLayer", email: "signin@ranklayer.example" }, to, subject: "Hi", text: "Hi", ...extra }) as EmailMessageBuilder;

describe("recipient domains as Email Service accepts them", () => {
  it("converts a Unicode domain to its A-label and leaves ASCII domains and local parts alone", () => {
    expect(asciiDomain("b\u00fccher.de")).toBe("xn--bcher-kva.de");
    expect(asciiDomain("xn--bcher-kva.de")).toBe("xn--bcher-kva.de");
    expect(asciiDomain("example.com")).toBe("example.com");
    expect(asciiDomain("1.2")).toBeNull();
    expect(asciiDomain("a\ufffdb.de")).toBeNull();
    expect(sendableAddress("J\u00f6rg@B\u00fccher.de")).toBe("J\u00f6rg@xn--bcher-kva.de");
    expect(sendableAddress("Ada@Example.COM")).toBe("Ada@Example.COM");
    // The DNS root's dot is the same mailbox: the alert email is kept (and sent) without it.
    expect(sendableAddress("ada@example.com.")).toBe("ada@example.com");
    // Not convertible: left as it is, for the service to refuse.
    expect(sendableAddress("anna@a\ufffdb.de")).toBe("anna@a\ufffdb.de");
  });

  it("the fake binding refuses a non-ASCII domain, as the service's payload validation does", async () => {
    const mail = fakeEmailBinding();
    await expect(mail.binding.send(message("anna@b\u00fccher.de"))).rejects.toThrow(/^E_VALIDATION_ERROR/);
    await expect(mail.binding.send(message("ok@example.com", { bcc: [{ name: "A", email: "anna@b\u00fccher.de" }] }))).rejects.toThrow(/^E_VALIDATION_ERROR/);
    expect(mail.sent).toEqual([]);
  });

  it("sends every recipient (to, cc, bcc, named or not) with its domain as the A-label", async () => {
    const mail = fakeEmailBinding();
    const sender = bindingEmailSender(mail.binding);
    await sender.send(message("anna@b\u00fccher.de"));
    await sender.send(message(["ok@example.com", { name: "J\u00f6rg", email: "j\u00f6rg@stra\u00dfe.de" }], { cc: "max@m\u00fcnchen.de", bcc: ["lena@b\u00fccher.de"] }));
    expect(mail.sent.map(({ to, cc, bcc }) => ({ to, cc, bcc }))).toEqual([
      { to: "anna@xn--bcher-kva.de", cc: undefined, bcc: undefined },
      { to: ["ok@example.com", { name: "J\u00f6rg", email: "j\u00f6rg@xn--strae-oqa.de" }], cc: "max@xn--mnchen-3ya.de", bcc: ["lena@xn--bcher-kva.de"] },
    ]);
  });
});
