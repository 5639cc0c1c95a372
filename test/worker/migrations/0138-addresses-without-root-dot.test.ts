import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateBefore } from "../support/migrate-before";

/** Migration 0138 on a database where addresses were stored with the DNS root's trailing dot. */
describe("migration 0138: addresses lose the trailing dot", () => {
  beforeAll(async () => {
    await migrateBefore("0138");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, selling_partner_id) VALUES ('dotted', 'EMAIL-dotted'), ('plain', 'EMAIL-plain'), ('twin', 'EMAIL-twin')"),
      env.DB.prepare("INSERT INTO workspaces (id, name) VALUES ('w', 'Agency')"),
      env.DB.prepare(
        `INSERT INTO account_emails (user_id, email, confirmed_at) VALUES
           ('dotted', 'ana@example.com.', '2026-11-01T00:00:00.000Z'),
           ('plain', 'bo@example.com', '2026-11-01T00:00:00.000Z'),
           ('twin', 'bo@example.com.', '2026-11-02T00:00:00.000Z')`,
      ),
      env.DB.prepare(
        `INSERT INTO report_recipients (workspace_id, email, token_hash, confirmed_at) VALUES
           ('w', 'client@example.com.', 'h1', '2026-11-01T00:00:00.000Z'),
           ('w', 'twice@example.com', 'h2', NULL),
           ('w', 'twice@example.com.', 'h3', '2026-11-03T00:00:00.000Z')`,
      ),
      env.DB.prepare("INSERT INTO user_settings (workspace_id, alert_email) VALUES ('w', 'alerts@example.com.')"),
    ]);
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  });

  it("stores each address once, in the plain form, keeping confirmations", async () => {
    const { results: emails } = await env.DB.prepare("SELECT user_id, email FROM account_emails ORDER BY user_id").all();
    // The twin's address belongs to another account in plain form: both stay, for support to merge.
    expect(emails).toEqual([
      { user_id: "dotted", email: "ana@example.com" },
      { user_id: "plain", email: "bo@example.com" },
      { user_id: "twin", email: "bo@example.com." },
    ]);
    const { results: recipients } = await env.DB.prepare("SELECT email, confirmed_at FROM report_recipients ORDER BY email").all();
    expect(recipients).toEqual([
      { email: "client@example.com", confirmed_at: "2026-11-01T00:00:00.000Z" },
      { email: "twice@example.com", confirmed_at: "2026-11-03T00:00:00.000Z" },
    ]);
    expect(await env.DB.prepare("SELECT alert_email FROM user_settings WHERE workspace_id = 'w'").first("alert_email")).toBe("alerts@example.com");
  });
});
