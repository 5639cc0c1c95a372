import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { normalizeEmail } from "../../../worker/auth/email-sign-in";
import { createEmailAccount } from "../../../worker/auth/email-sign-in-store";
import { TestBrowser } from "../support/seller-browser";
import { askForEmail, emailEnv, secretsOf, signInByEmail, userIdOf } from "../support/email-accounts";

const UNICODE = "anna@b\u00fccher.de";
const A_LABEL = "anna@xn--bcher-kva.de";

/** Opens the link of the newest sign-in mail to `to` in a new browser, saying yes to its address. */
async function openLink(bindings: ReturnType<typeof emailEnv>["bindings"], sent: EmailMessageBuilder[], to: string) {
  const res = await new TestBrowser(bindings).json("/api/signin/email/link", "POST", { token: secretsOf(sent, to).token, confirm: true });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<{ created: boolean; email: string }>();
}

describe("one address typed two ways", () => {
  it("signs a decomposed (NFD) address in to the account of the same address typed composed (NFC)", async () => {
    const { bindings, sent } = emailEnv();
    const composed = "jos\u00e9@example.com";
    const decomposed = "Jose\u0301@Example.com";
    expect((await signInByEmail(new TestBrowser(bindings), sent, composed)).created).toBe(true);
    await askForEmail(new TestBrowser(bindings), decomposed);
    expect(sent.at(-1)!.to).toBe(composed);
    const { token } = secretsOf(sent, composed);
    const second = await new TestBrowser(bindings).json("/api/signin/email/link", "POST", { token, confirm: true });
    expect(await second.json()).toMatchObject({ created: false, email: composed });
    const { results } = await env.DB.prepare("SELECT email FROM account_emails WHERE email LIKE 'jos%@example.com'").all();
    expect(results).toEqual([{ email: composed }]);
  });
});

describe("an address typed with the DNS root's trailing dot", () => {
  it("signs in to the account of the plain address, mailing the plain address", async () => {
    const { bindings, sent } = emailEnv();
    expect((await signInByEmail(new TestBrowser(bindings), sent, "dot@example.com")).created).toBe(true);
    expect((await askForEmail(new TestBrowser(bindings), "Dot@Example.com.")).status).toBe(202);
    expect(sent.at(-1)!.to).toBe("dot@example.com");
    expect(await openLink(bindings, sent, "dot@example.com")).toMatchObject({ created: false, email: "dot@example.com" });
    const { results } = await env.DB.prepare("SELECT email FROM account_emails WHERE email LIKE 'dot@%'").all();
    expect(results).toEqual([{ email: "dot@example.com" }]);
  });
});

describe("an internationalised domain typed as Unicode or as its A-label", () => {
  it("normalises both forms to the A-label and leaves the local part as it was", () => {
    expect(normalizeEmail(UNICODE)).toBe(A_LABEL);
    expect(normalizeEmail(" Anna@B\u00dcCHER.de ")).toBe(A_LABEL);
    expect(normalizeEmail(A_LABEL)).toBe(A_LABEL);
    expect(normalizeEmail("Anna@XN--BCHER-KVA.DE")).toBe(A_LABEL);
    // A decomposed ü (u + U+0308) and a full-width letter are the same domain to IDNA.
    expect(normalizeEmail("anna@bu\u0308cher.de")).toBe(A_LABEL);
    expect(normalizeEmail("anna@\uff42\u00fccher.de")).toBe(A_LABEL);
    expect(normalizeEmail("J\u00f6rg@stra\u00dfe.de")).toBe("j\u00f6rg@xn--strae-oqa.de");
  });

  it("refuses a domain IDNA refuses, with the 422 every bad address gets", async () => {
    // U+FFFD is disallowed; Hebrew beside Latin breaks the bidi rule; a label may not start with a
    // combining mark; a numeric host is an IPv4 address to the URL parser (1.2 would become 1.0.0.2).
    for (const bad of ["anna@a\ufffdb.de", "anna@\u05d0b.com", "anna@\u0301a.de", "anna@1.2", "anna@ex%61mple.com", "anna@b\u00fccher.de/x"]) {
      expect(normalizeEmail(bad), bad).toBeNull();
    }
    const { bindings, sent } = emailEnv();
    const res = await askForEmail(new TestBrowser(bindings), "anna@\u05d0b.com");
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ code: "validation_failed", detail: [{ loc: ["body", "email"], msg: "Enter an email address like name@example.com.", type: "invalid_format" }] });
    expect(sent).toEqual([]);
  });

  it("signs in with either form to one account, and mails the A-label", async () => {
    const { bindings, sent } = emailEnv();
    expect((await askForEmail(new TestBrowser(bindings), "Anna@B\u00fccher.de")).status).toBe(202);
    expect(sent.at(-1)!.to).toBe(A_LABEL);
    expect(await openLink(bindings, sent, A_LABEL)).toEqual(expect.objectContaining({ created: true, email: A_LABEL }));
    const accountId = await userIdOf(A_LABEL);

    expect((await askForEmail(new TestBrowser(bindings), A_LABEL)).status).toBe(202);
    expect(await openLink(bindings, sent, A_LABEL)).toEqual(expect.objectContaining({ created: false, email: A_LABEL }));
    expect(await userIdOf(A_LABEL)).toBe(accountId);
    expect(sent.map((m) => m.to)).toEqual([A_LABEL, A_LABEL]);
    const { results } = await env.DB.prepare("SELECT email FROM account_emails WHERE email LIKE 'anna@%'").all();
    expect(results).toEqual([{ email: A_LABEL }]);
  });

  it("counts both forms toward one address's hourly limit", async () => {
    const { bindings } = emailEnv();
    for (let i = 0; i < 5; i++) expect((await askForEmail(new TestBrowser(bindings), i % 2 ? "max@b\u00fccher.de" : "max@xn--bcher-kva.de")).status).toBe(202);
    const sixth = await askForEmail(new TestBrowser(bindings), "max@b\u00fccher.de");
    expect(sixth.status).toBe(429);
  });

  it("finds an account stored with its Unicode domain (before A-labels) by either form, and stores the A-label from then on", async () => {
    const older = await createEmailAccount(env.DB, "lena@b\u00fccher.de", new Date().toISOString());
    const { bindings, sent } = emailEnv();
    expect((await askForEmail(new TestBrowser(bindings), "lena@xn--bcher-kva.de")).status).toBe(202);
    expect(await openLink(bindings, sent, "lena@xn--bcher-kva.de")).toEqual(expect.objectContaining({ created: false }));
    expect(await userIdOf("lena@xn--bcher-kva.de")).toBe(older.id);
    const { results } = await env.DB.prepare("SELECT email FROM account_emails WHERE user_id = ?").bind(older.id).all();
    expect(results).toEqual([{ email: "lena@xn--bcher-kva.de" }]);

    const again = await createEmailAccount(env.DB, "mia@b\u00fccher.de", new Date().toISOString());
    expect((await askForEmail(new TestBrowser(bindings), "Mia@B\u00fccher.de")).status).toBe(202);
    expect(await openLink(bindings, sent, "mia@xn--bcher-kva.de")).toEqual(expect.objectContaining({ created: false }));
    expect(await userIdOf("mia@xn--bcher-kva.de")).toBe(again.id);
  });
});
