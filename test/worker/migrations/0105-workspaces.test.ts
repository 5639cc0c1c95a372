import { applyD1Migrations, env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateBefore } from "../support/migrate-before";

/**
 * migrations/0105_workspaces.sql on a copy of the schema before it (0000-0104) holding three
 * accounts' data: every row is still there, owned by the workspace whose id is its old user id,
 * the foreign keys hold, and a workspace's deletion takes its data and nobody else's.
 */
const USERS = [
  { id: "u-acme", sp: "A1ACME", brand: "Acme Brands", email: "owner@acme.example", demo: 0 },
  { id: "u-bea", sp: "A2BEA", brand: null, email: "bea@example.com", demo: 0 },
  { id: "u-demo", sp: "DEMO-1", brand: null, email: null, demo: 1 },
];
/** The moved tables, with a column that orders their rows. */
const MOVED = {
  watchlist: "asin",
  alerts: "id",
  alert_events: "id",
  api_keys: "id",
  user_settings: "sync_frequency",
  user_refresh: "last_manual_at",
  billing_subscriptions: "stripe_customer_id",
  enterprise_assignments: "note",
  seller_credentials: "key_id",
  seller_snapshots: "asin",
  seller_revenue: "asin",
} as const;
const CHILDREN = { notification_deliveries: "id", api_key_usage: "hour" } as const;
const PERSONAL = { sessions: "id", passkeys: "id", account_emails: "email" } as const;

const run = (sql: string, ...values: unknown[]) => env.DB.prepare(sql).bind(...values).run();
const rows = async (sql: string, ...values: unknown[]) => (await env.DB.prepare(sql).bind(...values).all<Record<string, unknown>>()).results;

async function seed(user: (typeof USERS)[number], n: number) {
  await run("INSERT INTO users (id, selling_partner_id, brand_name, is_demo) VALUES (?, ?, ?, ?)", user.id, user.sp, user.brand, user.demo);
  if (user.email) await run("INSERT INTO account_emails (user_id, email, confirmed_at) VALUES (?, ?, '2026-01-01T00:00:00.000Z')", user.id, user.email);
  await run("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, '2027-01-01T00:00:00.000Z')", `s-${user.id}`, user.id);
  await run("INSERT INTO passkeys (id, user_id, name, public_key) VALUES (?, ?, 'Laptop', 'PK')", `pk-${user.id}`, user.id);
  for (let i = 0; i < n; i++) {
    const asin = `B0000${user.id.length}${n}${i}XX`.slice(0, 10);
    await run("INSERT INTO watchlist (user_id, asin, marketplace, paused_reason) VALUES (?, ?, 'US', ?)", user.id, asin, i === 0 ? "plan_limit" : null);
    await run("INSERT INTO alerts (id, user_id, asin, marketplace, condition_type, threshold) VALUES (?, ?, ?, 'DE', 'rank_above', ?)", `a-${user.id}-${i}`, user.id, asin, 100 + i);
    await run(
      `INSERT INTO alert_events (id, user_id, alert_id, day, asin, marketplace, condition_type, threshold, message, in_app, created_at)
       VALUES (?, ?, ?, '2026-11-20', ?, 'DE', 'rank_above', 100, 'Rank #900', 1, '2026-11-20T02:30:00.000Z')`,
      `e-${user.id}-${i}`, user.id, `a-${user.id}-${i}`, asin,
    );
    await run("INSERT INTO notification_deliveries (id, event_id, channel, status, created_at) VALUES (?, ?, 'email', 'sent', '2026-11-20T02:31:00.000Z')", `d-${user.id}-${i}`, `e-${user.id}-${i}`);
    await run("INSERT INTO seller_snapshots (user_id, asin, marketplace, day, source, fulfillable_units, holds_buy_box, captured_at) VALUES (?, ?, 'US', '2026-11-20', 'spapi', ?, 1, 't')", user.id, asin, 10 * i);
    await run("INSERT INTO seller_revenue (user_id, asin, marketplace, day, source, status, amount, currency, units, captured_at) VALUES (?, ?, 'US', '2026-11-20', 'spapi', 'ok', ?, 'USD', 3, 't')", user.id, asin, 19.99 * (i + 1));
  }
  await run("INSERT INTO api_keys (id, user_id, name, prefix, key_hash) VALUES (?, ?, 'CI', 'rl_live_ab', ?)", `k-${user.id}`, user.id, `hash-${user.id}`);
  await run("INSERT INTO api_key_usage (key_id, hour, requests) VALUES (?, '2026-11-20T10', ?)", `k-${user.id}`, n);
  await run("INSERT INTO user_settings (user_id, sync_frequency, alert_email) VALUES (?, ?, ?)", user.id, `f-${user.id}`, user.email);
  await run("INSERT INTO user_refresh (user_id, last_manual_at) VALUES (?, ?)", user.id, `2026-11-2${n}`);
  await run("INSERT INTO billing_subscriptions (user_id, stripe_customer_id, status) VALUES (?, ?, 'active')", user.id, `cus_${user.id}`);
  if (!user.demo) {
    await run("INSERT INTO enterprise_assignments (user_id, note) VALUES (?, ?)", user.id, `contract ${user.id}`);
    await run("INSERT INTO seller_credentials (user_id, refresh_token_ciphertext, key_id, region, granted_at) VALUES (?, 'cipher', ?, 'na', 't')", user.id, `key-${user.id}`);
  }
}

const snapshot = async (tables: Record<string, string>) =>
  Object.fromEntries(await Promise.all(Object.entries(tables).map(async ([table, order]) => [table, await rows(`SELECT * FROM ${table} ORDER BY ${order}`)])));

/** A pre-0105 row as 0105 should have kept it: user_id renamed workspace_id, value unchanged. */
const asWorkspaceRow = (row: Record<string, unknown>) => {
  const { user_id, ...rest } = row;
  return { workspace_id: user_id, ...rest };
};

const countOwned = async (workspaceId: string) =>
  Object.fromEntries(
    await Promise.all(
      Object.keys(MOVED).map(async (table) => [table, (await rows(`SELECT count(*) AS n FROM ${table} WHERE workspace_id = ?`, workspaceId))[0]!.n]),
    ),
  );

describe("migration 0105: personal workspaces own today's data", () => {
  let before: Record<string, Record<string, unknown>[]>;

  beforeAll(async () => {
    await migrateBefore("0105");
    for (const [i, user] of USERS.entries()) await seed(user, i + 1);
    before = await snapshot({ ...MOVED, ...CHILDREN, ...PERSONAL });
    // Up to 0105 itself: 0120 (seller connections) rebuilds seller tables again; its own test covers that.
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS.filter((m) => m.name < "0106"));
  });

  it("gives every account a personal workspace with its own id, named after its brand or email, owned by it", async () => {
    expect(await rows("SELECT id, name FROM workspaces ORDER BY id")).toEqual([
      { id: "u-acme", name: "Acme Brands" },
      { id: "u-bea", name: "bea@example.com" },
      { id: "u-demo", name: "Personal" },
    ]);
    expect(await rows("SELECT workspace_id, user_id, role FROM workspace_members ORDER BY user_id")).toEqual(
      USERS.map((u) => ({ workspace_id: u.id, user_id: u.id, role: "owner" })).sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
  });

  it("keeps every row of every table, under the workspace whose id was its user id", async () => {
    const after = await snapshot({ ...MOVED, ...CHILDREN, ...PERSONAL });
    for (const table of Object.keys(MOVED)) {
      const expected = before[table]!.map(asWorkspaceRow).map((row) => (table === "api_keys" ? { ...row, created_by: row.workspace_id } : row));
      expect(after[table], table).toEqual(expected);
      expect(after[table]!.length, table).toBeGreaterThan(0);
    }
    for (const table of [...Object.keys(CHILDREN), "passkeys", "account_emails"]) expect(after[table], table).toEqual(before[table]);
    // Sessions stay on the person; their new current-workspace column starts empty (the personal one).
    expect(after.sessions).toEqual(before.sessions!.map((row) => ({ ...row, workspace_id: null })));
  });

  it("leaves no foreign key broken and every moved table referencing workspaces", async () => {
    expect(await rows("PRAGMA foreign_key_check")).toEqual([]);
    for (const table of Object.keys(MOVED)) {
      const keys = await rows(`SELECT "table", "from" FROM pragma_foreign_key_list('${table}')`);
      expect(keys, table).toContainEqual({ table: "workspaces", from: "workspace_id" });
      expect(keys.map((k) => k.from), table).not.toContain("user_id");
    }
  });

  it("deletes a workspace's data with it, and no other workspace's", async () => {
    const beaBefore = await countOwned("u-bea");
    await run("DELETE FROM workspaces WHERE id = ?", "u-acme");
    expect(Object.values(await countOwned("u-acme")).every((n) => n === 0)).toBe(true);
    expect(await rows("SELECT count(*) AS n FROM notification_deliveries WHERE id LIKE 'd-u-acme-%'")).toEqual([{ n: 0 }]);
    expect(await rows("SELECT count(*) AS n FROM api_key_usage WHERE key_id = 'k-u-acme'")).toEqual([{ n: 0 }]);
    expect(await countOwned("u-bea")).toEqual(beaBefore);
    expect(Object.values(beaBefore).filter((n) => n === 0)).toEqual([]);
    // The person stays; only the workspace and its data went.
    expect(await rows("SELECT id FROM users WHERE id = 'u-acme'")).toEqual([{ id: "u-acme" }]);
  });

  it("takes an account's personal workspace with the account, and gives a new account one", async () => {
    await run("DELETE FROM users WHERE id = ?", "u-bea");
    expect(await rows("SELECT id FROM workspaces WHERE id = 'u-bea'")).toEqual([]);
    expect(Object.values(await countOwned("u-bea")).every((n) => n === 0)).toBe(true);
    expect((await countOwned("u-demo")).watchlist).toBe(3);

    await run("INSERT INTO users (id, selling_partner_id) VALUES ('u-new', 'EMAIL-new')");
    await run("INSERT INTO account_emails (user_id, email, confirmed_at) VALUES ('u-new', 'new@example.com', 't')");
    expect(await rows("SELECT id, name FROM workspaces WHERE id = 'u-new'")).toEqual([{ id: "u-new", name: "new@example.com" }]);
    expect(await rows("SELECT role FROM workspace_members WHERE workspace_id = 'u-new' AND user_id = 'u-new'")).toEqual([{ role: "owner" }]);
  });

  it("keeps a shared workspace when one of its members' accounts goes", async () => {
    await run("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ('u-demo', 'u-new', 'analyst')");
    await run("DELETE FROM users WHERE id = 'u-new'");
    expect(await rows("SELECT user_id FROM workspace_members WHERE workspace_id = 'u-demo'")).toEqual([{ user_id: "u-demo" }]);
    expect((await countOwned("u-demo")).watchlist).toBe(3);
  });

  it("lets every later migration apply on top of it, the foreign keys still whole", async () => {
    await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
    expect(await rows("PRAGMA foreign_key_check")).toEqual([]);
    // 0120 turned seller_credentials into seller_connections: the seller rows stay under the workspace.
    expect(await rows("SELECT count(*) AS n FROM seller_snapshots WHERE workspace_id = 'u-demo'")).toEqual([{ n: 3 }]);
  });
});
