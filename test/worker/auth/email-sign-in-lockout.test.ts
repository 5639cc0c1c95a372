import { describe, expect, it } from "vitest";
import { TestBrowser } from "../support/seller-browser";
import { askForEmail, emailEnv, signInByEmail } from "../support/email-accounts";

describe("an address's hourly sign-in limit, used up by someone else", () => {
  it("still mails the owner's browser that signed in to the account before; a new browser waits, as does one known to another account", async () => {
    const { bindings, sent } = emailEnv();
    const laptop = new TestBrowser(bindings);
    await signInByEmail(laptop, sent, "ada@example.com");
    expect((await laptop.request("/api/auth/logout", { method: "POST" })).status).toBe(204);
    const stranger = new TestBrowser(bindings);
    await signInByEmail(stranger, sent, "mallory@example.com");

    // Anyone can ask for the address's emails: four more use up its five an hour.
    for (let i = 0; i < 4; i++) expect((await askForEmail(new TestBrowser(bindings), "ada@example.com")).status).toBe(202);
    expect((await askForEmail(new TestBrowser(bindings), "ada@example.com")).status).toBe(429);
    expect((await askForEmail(stranger, "ada@example.com")).status).toBe(429);

    const asked = await askForEmail(laptop, "ada@example.com");
    expect(asked.status, await asked.clone().text()).toBe(202);
    expect(sent.filter((message) => message.to === "ada@example.com")).toHaveLength(6);
  });
});
