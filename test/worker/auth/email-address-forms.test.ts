import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TestBrowser } from "../support/seller-browser";
import { askForEmail, emailEnv, secretsOf, signInByEmail } from "../support/email-accounts";

describe("one address typed two ways", () => {
  it("signs a decomposed (NFD) address in to the account of the same address typed composed (NFC)", async () => {
    const { bindings, sent } = emailEnv();
    const composed = "jos\u00e9@example.com";
    const decomposed = "Jose\u0301@Example.com";
    expect((await signInByEmail(new TestBrowser(bindings), sent, composed)).created).toBe(true);
    await askForEmail(new TestBrowser(bindings), decomposed);
    expect(sent.at(-1)!.to).toBe(composed);
    const { token } = secretsOf(sent, composed);
    const second = await new TestBrowser(bindings).json("/api/signin/email/link", "POST", { token });
    expect(await second.json()).toMatchObject({ created: false, email: composed });
    const { results } = await env.DB.prepare("SELECT email FROM account_emails WHERE email LIKE 'jos%@example.com'").all();
    expect(results).toEqual([{ email: composed }]);
  });
});
