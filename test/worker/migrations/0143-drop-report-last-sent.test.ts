import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateBefore } from "../support/migrate-before";

const columnsOf = async (table: string) => (await env.DB.prepare(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`).all<{ name: string }>()).results.map((row) => row.name);

/** Migration 0143 on a database whose old report markers were still set (report_sends holds their record since 0135). */
describe("migration 0143: the reports' old last-sent markers go", () => {
  beforeAll(async () => {
    await migrateBefore("0143");
    await env.DB.batch([
      env.DB.prepare("INSERT INTO users (id, selling_partner_id) VALUES ('agency', 'EMAIL-agency')"),
      env.DB.prepare("INSERT INTO user_refresh (workspace_id, last_manual_at, last_daily_report, last_weekly_report) VALUES ('agency', '2026-11-28T09:00:00.000Z', '2026-11-28', '2026-11-23')"),
      env.DB.prepare(
        `INSERT INTO report_recipients (workspace_id, email, token_hash, confirmed_at, last_sent_monday)
         VALUES ('agency', 'client@example.com', 'h1', '2026-11-01T00:00:00.000Z', '2026-11-23')`,
      ),
    ]);
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  });

  it("drops the three columns and keeps every row with its other columns", async () => {
    expect(await columnsOf("user_refresh")).toEqual(["workspace_id", "last_manual_at"]);
    expect(await columnsOf("report_recipients")).not.toContain("last_sent_monday");
    expect(await env.DB.prepare("SELECT * FROM user_refresh").all()).toMatchObject({ results: [{ workspace_id: "agency", last_manual_at: "2026-11-28T09:00:00.000Z" }] });
    expect(await env.DB.prepare("SELECT workspace_id, email, token_hash, confirmed_at, connection_id FROM report_recipients").all()).toMatchObject({
      results: [{ workspace_id: "agency", email: "client@example.com", token_hash: "h1", confirmed_at: "2026-11-01T00:00:00.000Z", connection_id: null }],
    });
  });
});
