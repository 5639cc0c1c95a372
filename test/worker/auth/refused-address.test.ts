import { describe, expect, it } from "vitest";
import { fakeEmailBinding } from "../notifications/support";
import { askForEmail, emailEnv, signInByEmail } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";

const SUPPRESSED = "an earlier email to it bounced or was marked as spam, so the email service no longer sends to it";

/** The same server, its email service now refusing `address` for good with `code`. */
function refusing(browser: TestBrowser, address: string, code = "E_RECIPIENT_SUPPRESSED") {
  browser.bindings = { ...browser.bindings, ALERT_EMAIL: fakeEmailBinding(0, { [address]: code }).binding };
  return browser;
}

describe("an address the email service refuses for good", () => {
  it("a sign-in email to it answers 422 on the address, saying why, instead of \"try again in a minute\"", async () => {
    const browser = refusing(new TestBrowser(emailEnv().bindings), "gone@example.com");
    const refused = await askForEmail(browser, "Gone@Example.com");
    expect(refused.status).toBe(422);
    expect(refused.headers.get("Retry-After")).toBeNull();
    expect(await refused.json()).toEqual({
      code: "validation_failed",
      detail: [{ loc: ["body", "email"], msg: `gone@example.com cannot be sent email: ${SUPPRESSED}. Check the address, or use another one.`, type: "email_refused" }],
    });
    // Another address on the same service is sent as before.
    expect((await askForEmail(browser, "ada@example.com")).status).toBe(202);
  });

  it("a send that may pass on a retry still answers 502 with Retry-After", async () => {
    const browser = new TestBrowser(emailEnv({ ALERT_EMAIL: fakeEmailBinding(1).binding }).bindings);
    const failed = await askForEmail(browser, "ada@example.com");
    expect(failed.status).toBe(502);
    expect(failed.headers.get("Retry-After")).toBe("60");
    expect(await failed.json()).toMatchObject({ code: "upstream_unavailable", detail: "The email could not be sent just now. Try again in a minute." });
    expect((await askForEmail(browser, "ada@example.com")).status).toBe(202);
  });

  it("adding it to an account answers the same 422", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "ada@example.com");
    const refused = await refusing(browser, "blocked@example.com", "E_RECIPIENT_NOT_ALLOWED").json("/api/account/email", "POST", { email: "blocked@example.com" });
    expect(refused.status).toBe(422);
    expect((await refused.json<{ detail: { msg: string; type: string }[] }>()).detail).toEqual([
      {
        loc: ["body", "email"],
        msg: "blocked@example.com cannot be sent email: the email service does not allow sending to it (it is not a verified destination). Check the address, or use another one.",
        type: "email_refused",
      },
    ]);
  });

  it("a re-verification code to the account's own refused address answers 409 with a way on (there is no address in the body to fix)", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "ada@example.com");
    const refused = await refusing(browser, "ada@example.com").request("/api/account/reverify/email", { method: "POST" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      code: "conflict",
      detail: `Your address ada@example.com cannot be sent email: ${SUPPRESSED}. Use a passkey, or sign in with Amazon again.`,
    });
  });
});
