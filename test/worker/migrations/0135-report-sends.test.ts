import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateBefore } from "../support/migrate-before";

/** Migration 0135 on a database whose reports were claimed the old way (user_refresh, report_recipients). */
describe("migration 0135: the report emails' outbox", () => {
  beforeAll(async () => {
    await migrateBefore("0135");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, selling_partner_id) VALUES ('agency', 'EMAIL-agency'), ('quiet', 'EMAIL-quiet')"),
      env.DB.prepare("INSERT INTO user_refresh (workspace_id, last_daily_report, last_weekly_report) VALUES ('agency', '2026-11-28', '2026-11-23'), ('quiet', NULL, NULL)"),
      env.DB.prepare(
        `INSERT INTO report_recipients (workspace_id, email, token_hash, confirmed_at, last_sent_monday) VALUES
           ('agency', 'client@example.com', 'h1', '2026-11-01T00:00:00.000Z', '2026-11-23'),
           ('agency', 'new@example.com', 'h2', '2026-11-01T00:00:00.000Z', NULL)`,
      ),
    ]);
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  });

  it("counts the periods already claimed as sent, so the deploy day sends none of them twice", async () => {
    const { results } = await env.DB.prepare("SELECT workspace_id, kind, period, recipient, status FROM report_sends ORDER BY kind, recipient").all();
    expect(results).toEqual([
      { workspace_id: "agency", kind: "daily", period: "2026-11-28", recipient: "", status: "sent" },
      { workspace_id: "agency", kind: "weekly", period: "2026-11-23", recipient: "", status: "sent" },
      { workspace_id: "agency", kind: "weekly", period: "2026-11-23", recipient: "client@example.com", status: "sent" },
    ]);
  });
});
