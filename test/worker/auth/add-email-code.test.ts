import { describe, expect, it } from "vitest";
import { emailEnv, secretsOf, signInByEmail } from "../support/email-accounts";
import { connectSeller, registerLwaClient, TestBrowser } from "../support/seller-browser";

const addressOf = async (browser: TestBrowser) => (await (await browser.request("/api/account")).json<{ email: string | null }>()).email;
const typeCode = (browser: TestBrowser, code: string) => browser.json("/api/account/email/code", "POST", { code });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("adding an address with the code from its email", () => {
  it("confirms it in the signed-in browser when the mail was read on another device (whose link would be refused there)", async () => {
    const { bindings, sent } = emailEnv();
    await registerLwaClient(bindings);
    const seller = new TestBrowser(bindings);
    await connectSeller(seller);
    expect((await seller.json("/api/account/email", "POST", { email: "seller@example.com" })).status).toBe(202);
    const { token, code } = secretsOf(sent, "seller@example.com");
    // On the phone the mail was read on, the link adds nothing, and says where the code goes.
    const onPhone = await new TestBrowser(bindings).json("/api/signin/email/link", "POST", { token });
    expect(onPhone.status).toBe(403);
    expect((await onPhone.json<{ detail: string }>()).detail).toContain("type the code from the same email in Settings → Account there");

    const confirmed = await typeCode(seller, code);
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(await confirmed.json()).toMatchObject({ purpose: "add_email", email: "seller@example.com" });
    expect(await addressOf(seller)).toBe("seller@example.com");
    // Once: the code and the link are used up.
    expect((await typeCode(seller, code)).status).toBe(400);
    expect((await seller.json("/api/signin/email/link", "POST", { token })).status).toBe(400);
  });

  it("works only for the account that asked: another account's session, or the sign-in page, cannot use the code", async () => {
    const { bindings, sent } = emailEnv();
    const ada = new TestBrowser(bindings);
    await signInByEmail(ada, sent, "ada@example.com");
    await ada.json("/api/account/email", "POST", { email: "ada@new.example" });
    const { code } = secretsOf(sent, "ada@new.example");

    const mallory = new TestBrowser(bindings);
    await signInByEmail(mallory, sent, "mallory@example.com");
    const refused = await typeCode(mallory, code);
    expect(refused.status).toBe(400);
    expect((await refused.json<{ detail: string }>()).detail).toMatch(/^No confirmation email is waiting for this account/);
    expect(await addressOf(mallory)).toBe("mallory@example.com");
    expect(await addressOf(ada)).toBe("ada@example.com");
    expect((await typeCode(ada, code)).status).toBe(200);
    expect(await addressOf(ada)).toBe("ada@new.example");
  });

  it("ends the request after 5 wrong codes, link included", async () => {
    const { bindings, sent } = emailEnv();
    const ada = new TestBrowser(bindings);
    await signInByEmail(ada, sent, "lin@example.com");
    await ada.json("/api/account/email", "POST", { email: "lin@new.example" });
    const { token, code } = secretsOf(sent, "lin@new.example");
    for (let left = 4; left >= 1; left--) {
      const miss = await typeCode(ada, wrong(code));
      expect((await miss.json<{ detail: string }>()).detail).toBe(`That code is not right: ${left} ${left === 1 ? "try" : "tries"} left.`);
    }
    expect((await (await typeCode(ada, wrong(code))).json<{ detail: string }>()).detail).toMatch(/^Too many wrong codes/);
    expect((await typeCode(ada, code)).status).toBe(400);
    expect((await ada.json("/api/signin/email/link", "POST", { token })).status).toBe(400);
    expect(await addressOf(ada)).toBe("lin@example.com");
  });
});
