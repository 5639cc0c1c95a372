import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateBefore } from "../support/migrate-before";

/**
 * migrations/0120_seller_connections.sql on a copy of the schema before it (0000-0105) holding a
 * connected seller, a seller who disconnected (data, no credential), a demo account and an email
 * account with nothing: every credential becomes a connection with its workspace's id and the
 * same sealed token, every seller data row is kept under a connection, and the foreign keys hold.
 */
const run = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();
const rows = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).all<Record<string, unknown>>()).results;

async function seedUser(id: string, sp: string, brand: string | null, demo: 0 | 1) {
  await run("INSERT INTO users (id, selling_partner_id, brand_name, is_demo) VALUES (?, ?, ?, ?)", id, sp, brand, demo);
}

async function seedSellerRows(workspaceId: string, marketplace: string, n: number) {
  for (let i = 0; i < n; i++) {
    const asin = `B0${workspaceId.toUpperCase().padEnd(6, "X").slice(0, 6)}${i}X`.slice(0, 10);
    await run(
      "INSERT INTO seller_snapshots (workspace_id, asin, marketplace, day, source, fulfillable_units, holds_buy_box, captured_at, prime_seller_id, holds_prime) VALUES (?, ?, ?, '2026-11-20', 'spapi', ?, 1, 't', 'ME', 1)",
      workspaceId, asin, marketplace, 10 + i,
    );
    await run(
      "INSERT INTO seller_revenue (workspace_id, asin, marketplace, day, source, status, amount, currency, units, captured_at) VALUES (?, ?, ?, '2026-11-20', 'spapi', 'ok', ?, 'EUR', 2, 't')",
      workspaceId, asin, marketplace, 9.5 * (i + 1),
    );
  }
}

describe("migration 0120: seller credentials become seller connections", () => {
  let snapshotsBefore: Record<string, unknown>[];
  let revenueBefore: Record<string, unknown>[];

  beforeAll(async () => {
    await migrateBefore("0120");
    await seedUser("u-acme", "A1ACME", "Acme Brands", 0);
    await seedUser("u-gone", "A2GONE", null, 0);
    await seedUser("u-demo", "DEMO-u-demo", null, 1);
    await seedUser("u-mail", "EMAIL-u-mail", null, 0);
    await run(
      "INSERT INTO seller_credentials (workspace_id, refresh_token_ciphertext, key_id, region, granted_at, updated_at) VALUES ('u-acme', 'sealed-acme', 'k2026', 'eu', '2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z')",
    );
    await seedSellerRows("u-acme", "DE", 3);
    await seedSellerRows("u-gone", "JP", 2);
    await seedSellerRows("u-demo", "US", 1);
    await run("INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type) VALUES ('a1', 'u-acme', 'B0ACMEXX0X', 'DE', 'buybox_lost')");
    snapshotsBefore = await rows("SELECT * FROM seller_snapshots ORDER BY workspace_id, asin");
    revenueBefore = await rows("SELECT * FROM seller_revenue ORDER BY workspace_id, asin");
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS.filter((m) => m.name < "0121"));
  });

  it("makes one connection per credential (same sealed token, grant and region), the demo seller, and the disconnected seller with data", async () => {
    expect(
      await rows("SELECT id, workspace_id, selling_partner_id, region, name, refresh_token_ciphertext, key_id, granted_at, status FROM seller_connections ORDER BY id"),
    ).toEqual([
      { id: "u-acme", workspace_id: "u-acme", selling_partner_id: "A1ACME", region: "eu", name: "Acme Brands EU", refresh_token_ciphertext: "sealed-acme", key_id: "k2026", granted_at: "2026-03-01T00:00:00.000Z", status: "connected" },
      { id: "u-demo", workspace_id: "u-demo", selling_partner_id: "DEMO-u-demo", region: "na", name: "Demo seller", refresh_token_ciphertext: null, key_id: null, granted_at: null, status: "demo" },
      { id: "u-gone", workspace_id: "u-gone", selling_partner_id: "A2GONE", region: "fe", name: "Personal", refresh_token_ciphertext: null, key_id: null, granted_at: null, status: "disconnected" },
    ]);
    expect(await rows("SELECT name FROM sqlite_master WHERE name = 'seller_credentials'")).toEqual([]);
  });

  it("keeps every seller snapshot and revenue row, each under its workspace's connection", async () => {
    const withConnection = (row: Record<string, unknown>) => ({ connection_id: row.workspace_id, ...row });
    expect(await rows("SELECT * FROM seller_snapshots ORDER BY workspace_id, asin")).toEqual(snapshotsBefore.map(withConnection));
    expect(await rows("SELECT * FROM seller_revenue ORDER BY workspace_id, asin")).toEqual(revenueBefore.map(withConnection));
    expect(await rows("PRAGMA foreign_key_check")).toEqual([]);
    expect(await rows("SELECT id, connection_id FROM alerts")).toEqual([{ id: "a1", connection_id: null }]);
  });

  it("refuses a second connection of the same seller and region in one workspace, and allows it in another region", async () => {
    const insert = (id: string, region: string) =>
      run("INSERT INTO seller_connections (id, workspace_id, selling_partner_id, region, name, status) VALUES (?, 'u-acme', 'A1ACME', ?, 'x', 'disconnected')", id, region);
    await expect(insert("c-dup", "eu")).rejects.toThrow(/UNIQUE/);
    await insert("c-na", "na");
    await run("DELETE FROM seller_connections WHERE id = 'c-na'");
  });

  it("gives a demo account made afterwards its demo connection, and deleting a connection takes its seller data only", async () => {
    await seedUser("u-demo2", "DEMO-u-demo2", null, 1);
    expect(await rows("SELECT id, status FROM seller_connections WHERE workspace_id = 'u-demo2'")).toEqual([{ id: "u-demo2", status: "demo" }]);
    await run("DELETE FROM seller_connections WHERE id = 'u-acme'");
    expect(await rows("SELECT count(*) AS n FROM seller_snapshots WHERE connection_id = 'u-acme'")).toEqual([{ n: 0 }]);
    expect(await rows("SELECT count(*) AS n FROM seller_revenue WHERE connection_id = 'u-acme'")).toEqual([{ n: 0 }]);
    expect(await rows("SELECT count(*) AS n FROM seller_snapshots WHERE connection_id = 'u-gone'")).toEqual([{ n: 2 }]);
    expect(await rows("SELECT connection_id FROM alerts WHERE id = 'a1'")).toEqual([{ connection_id: null }]);
  });
});
