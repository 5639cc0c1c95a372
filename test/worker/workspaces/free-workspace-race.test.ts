import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { FREE_WORKSPACES_PER_ACCOUNT } from "../../../worker/contract/workspaces";
import { emailEnv, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";

/**
 * "Create workspace" clicked in several tabs at the same instant: the Free-workspace bound is
 * checked in the statement that creates the workspace, so exactly the bound's worth pass and the
 * rest get the same 403 plan_limit a sequential fourth gets.
 */
describe("POST /api/workspaces at the same instant", () => {
  it("six creates at once from an account with only its personal workspace: exactly two pass, four get 403 plan_limit naming the three", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "race-free@example.com");
    const names = ["One", "Two", "Three", "Four", "Five", "Six"];

    const answers = await Promise.all(names.map((name) => browser.json("/api/workspaces", "POST", { name })));

    const created = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status !== 201);
    expect(created).toHaveLength(FREE_WORKSPACES_PER_ACCOUNT - 1);
    const userId = await userIdOf("race-free@example.com");
    const owned = await env.DB.prepare("SELECT w.name FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id WHERE m.user_id = ? AND m.role = 'owner' AND w.id <> ? ORDER BY w.name")
      .bind(userId, userId)
      .all<{ name: string }>();
    expect(owned.results).toHaveLength(FREE_WORKSPACES_PER_ACCOUNT - 1);
    // No workspace was left without its owner either (the membership goes in with the workspace or not at all).
    const orphans = await env.DB.prepare("SELECT count(*) AS n FROM workspaces w WHERE NOT EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = w.id)").first("n");
    expect(orphans).toBe(0);

    const listed = ["race-free@example.com", ...owned.results.map((row) => row.name)].sort();
    for (const res of refused) {
      expect(res.status).toBe(403);
      const body = await res.json<{ code: string; detail: string }>();
      expect(body.code).toBe("plan_limit");
      const named = /^You already own 3 workspaces on the Free plan \((.*)\), the most one account may\. Subscribe one of them on \/billing, or delete one on \/team, to create another\.$/.exec(body.detail);
      expect(named, body.detail).not.toBeNull();
      expect(named![1]!.split(", ").sort()).toEqual(listed);
    }
  });
});
