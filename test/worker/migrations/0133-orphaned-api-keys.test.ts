import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateBefore } from "../support/migrate-before";

/** Migration 0133 on a database where an account deleted before the fix left its keys in a shared workspace. */
describe("migration 0133: keys left by deleted accounts", () => {
  beforeAll(async () => {
    await migrateBefore("0133");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, selling_partner_id) VALUES ('owner', 'EMAIL-owner'), ('member', 'EMAIL-member')"),
      env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ('owner', 'member', 'admin')"),
      env.DB.prepare(
        `INSERT INTO api_keys (id, workspace_id, name, prefix, key_hash, created_by, revoked_at) VALUES
           ('owners', 'owner', 'Owner CI', 'rl_live_a', 'hash-a', 'owner', NULL),
           ('members', 'owner', 'Member CI', 'rl_live_b', 'hash-b', 'member', NULL),
           ('old', 'owner', 'Revoked', 'rl_live_c', 'hash-c', 'member', '2026-11-01T00:00:00.000Z')`,
      ),
    ]);
    // The member's account goes the way it went before the fix: its keys only lose their maker.
    await env.DB.prepare("DELETE FROM users WHERE id = 'member'").run();
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  });

  it("revokes the keys that lost their maker, and keeps every other key as it was", async () => {
    const { results } = await env.DB.prepare("SELECT id, created_by, revoked_at FROM api_keys ORDER BY id").all<{ id: string; created_by: string | null; revoked_at: string | null }>();
    expect(results).toEqual([
      { id: "members", created_by: null, revoked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      { id: "old", created_by: null, revoked_at: "2026-11-01T00:00:00.000Z" },
      { id: "owners", created_by: "owner", revoked_at: null },
    ]);
  });
});
