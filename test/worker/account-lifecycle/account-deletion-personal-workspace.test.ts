import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TestBrowser } from "../support/seller-browser";
import { emailEnv, signInByEmail, userIdOf } from "../support/email-accounts";

const count = async (sql: string, ...args: unknown[]) => (await env.DB.prepare(sql).bind(...args).first<{ n: number }>())!.n;
describe("Settings → Account: delete, with a co-owner of the personal workspace", () => {
  it("takes the personal workspace and all its data with the account, even when another owner belongs to it", async () => {
    const { bindings, sent } = emailEnv();
    const leaver = new TestBrowser(bindings);
    await signInByEmail(leaver, sent, "personal-leaver@example.com");
    const leaverId = await userIdOf("personal-leaver@example.com");
    const coOwner = new TestBrowser(bindings);
    await signInByEmail(coOwner, sent, "co-owner@example.com");
    const coOwnerId = await userIdOf("co-owner@example.com");
    await env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'owner')").bind(leaverId, coOwnerId).run();
    expect((await leaver.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" })).status).toBe(201);

    const res = await leaver.json("/api/account", "DELETE", { confirm: "personal-leaver@example.com" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ deleted: true, erased: { watchlist: 1 } });

    for (const table of ["workspaces WHERE id", "watchlist WHERE workspace_id", "workspace_members WHERE workspace_id", "audit_log WHERE workspace_id"]) {
      expect(await count(`SELECT count(*) AS n FROM ${table} = ?`, leaverId), table).toBe(0);
    }
    // The co-owner keeps their own account and personal workspace.
    expect(await count("SELECT count(*) AS n FROM workspaces WHERE id = ?", coOwnerId)).toBe(1);
    expect((await coOwner.request("/api/watchlist")).status).toBe(200);
  });

  it("is not held back by the personal workspace's other members: it goes with the account whoever they are", async () => {
    const { bindings, sent } = emailEnv();
    const leaver = new TestBrowser(bindings);
    await signInByEmail(leaver, sent, "personal-host@example.com");
    const leaverId = await userIdOf("personal-host@example.com");
    await signInByEmail(new TestBrowser(bindings), sent, "personal-guest@example.com");
    await env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'viewer')").bind(leaverId, await userIdOf("personal-guest@example.com")).run();

    const res = await leaver.json("/api/account", "DELETE", { confirm: "personal-host@example.com" });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await count("SELECT count(*) AS n FROM workspaces WHERE id = ?", leaverId)).toBe(0);
  });
});
