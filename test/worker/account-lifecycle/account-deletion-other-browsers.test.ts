import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { emailEnv, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";

describe("deleting an account while other browsers are signed in to it", () => {
  it("signs them all out at once: their next change is refused and leaves no row behind", async () => {
    const { bindings, sent } = emailEnv();
    const [laptop, phone] = [new TestBrowser(bindings), new TestBrowser(bindings)];
    for (const browser of [laptop, phone]) await signInByEmail(browser, sent, "gone@example.com");
    const userId = await userIdOf("gone@example.com");
    expect((await phone.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" })).status).toBe(201);

    const deleted = await laptop.json("/api/account", "DELETE", { confirm: "gone@example.com" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);

    const late = await phone.json("/api/watchlist", "POST", { asin: "B07XJ8C8F5", marketplace: "US" });
    expect(late.status).toBe(401);
    expect((await phone.request("/api/user/status")).status).toBe(200);
    expect(await (await phone.request("/api/user/status")).json()).toMatchObject({ authenticated: false });
    for (const table of ["watchlist WHERE workspace_id", "sessions WHERE user_id", "workspace_members WHERE user_id"]) {
      expect(await env.DB.prepare(`SELECT count(*) AS n FROM ${table} = ?`).bind(userId).first("n"), table).toBe(0);
    }
    // The address makes a new, empty account on its next sign-in.
    expect((await signInByEmail(phone, sent, "gone@example.com")).created).toBe(true);
  });
});
