import { describe, expect, it } from "vitest";
import { emailEnv, SITE } from "../support/email-accounts";
import { connectSeller, registerLwaClient, TestBrowser } from "../support/seller-browser";
import { SoftAuthenticator } from "../support/soft-authenticator";

const onSite = { headers: { Origin: SITE } };

async function addPasskey(browser: TestBrowser, name: string): Promise<string> {
  const started = await browser.json("/api/passkeys/registration/options", "POST", {}, onSite);
  const { challengeId, options } = await started.json<{ challengeId: string; options: { challenge: string; rp: { id: string } } }>();
  const response = await new SoftAuthenticator(SITE).register(options);
  const added = await browser.json("/api/passkeys/registration", "POST", { challengeId, name, response }, onSite);
  expect(added.status, await added.clone().text()).toBe(201);
  return (await added.json<{ id: string }>()).id;
}

describe("removing passkeys", () => {
  it("never removes the last way to sign in, even when two removals arrive at once", async () => {
    const { bindings } = emailEnv();
    await registerLwaClient(bindings);
    const seller = new TestBrowser(bindings);
    await connectSeller(seller);
    const first = await addPasskey(seller, "Laptop");
    const second = await addPasskey(seller, "Phone");
    // No email address, and Amazon opens the account only in browsers that signed in before: one passkey stays.

    const answers = await Promise.all([first, second].map((id) => seller.request(`/api/passkeys/${id}`, { method: "DELETE" })));
    expect(answers.map((res) => res.status).sort()).toEqual([204, 409]);
    expect((await (await seller.request("/api/passkeys")).json<{ passkeys: unknown[] }>()).passkeys).toHaveLength(1);
  });

  it("keeps a seller account's last passkey while it has no email address: Amazon alone opens it only in browsers that signed in before", async () => {
    const { bindings } = emailEnv();
    await registerLwaClient(bindings);
    const seller = new TestBrowser(bindings);
    await connectSeller(seller);
    const only = await addPasskey(seller, "Laptop");

    const refused = await seller.request(`/api/passkeys/${only}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await refused.json<{ detail: string }>()).detail).toMatch(/Add an email address or another passkey first/);
    expect((await (await seller.request("/api/passkeys")).json<{ passkeys: unknown[] }>()).passkeys).toHaveLength(1);

    // With a second passkey, one of them may go.
    const second = await addPasskey(seller, "Phone");
    expect((await seller.request(`/api/passkeys/${second}`, { method: "DELETE" })).status).toBe(204);
  });
});
