import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNT_RETENTION_DAYS, REPORT_SEND_RETENTION_DAYS, runRetention, SELLER_DATA_RETENTION_DAYS } from "../../../../worker/jobs/retention/retention";
import { buildServices } from "../../../../worker/services";
import { addDays, DAY_MS, utcDay } from "../../../../worker/contract/time";

const NOW = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

async function seedDemo(lastActiveMs: number | null, createdMs: number, isDemo = true): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO users (id, selling_partner_id, is_demo, last_active_at, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(id, `${isDemo ? "DEMO" : "A"}-${id}`, isDemo ? 1 : 0, lastActiveMs === null ? null : iso(lastActiveMs), iso(createdMs))
    .run();
  // Rows of their own, which must go with them.
  await env.DB.prepare("INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold) VALUES (?, ?, 'B08N5WRWNW', 'US', 'rank_above', 5)")
    .bind(crypto.randomUUID(), id)
    .run();
  await env.DB.prepare("INSERT INTO watchlist (workspace_id, asin, marketplace) VALUES (?, 'B08N5WRWNW', 'US')").bind(id).run();
  await env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)").bind(crypto.randomUUID(), id, iso(NOW + DAY_MS)).run();
  return id;
}

async function rowsOf(userId: string) {
  const count = async (table: string) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${{ users: "id", sessions: "user_id" }[table] ?? "workspace_id"} = ?`).bind(userId).first<{ n: number }>())!.n;
  return { users: await count("users"), alerts: await count("alerts"), watchlist: await count("watchlist"), sessions: await count("sessions") };
}

describe("nightly retention of demo accounts and sessions", () => {
  it(`removes demo accounts unused for ${DEMO_ACCOUNT_RETENTION_DAYS} days with all their rows, and nothing else`, async () => {
    const idle = await seedDemo(NOW - 8 * DAY_MS, NOW - 30 * DAY_MS);
    const neverUsed = await seedDemo(null, NOW - 8 * DAY_MS);
    const recent = await seedDemo(NOW - 6 * DAY_MS, NOW - 30 * DAY_MS);
    const seller = await seedDemo(NOW - 100 * DAY_MS, NOW - 100 * DAY_MS, false);

    const summary = await runRetention(buildServices(env), NOW);

    expect(summary.demoCutoff).toBe(iso(NOW - 7 * DAY_MS));
    expect(summary.demoAccountsDeleted).toBeGreaterThanOrEqual(2);
    const gone = { users: 0, alerts: 0, watchlist: 0, sessions: 0 };
    expect(await rowsOf(idle)).toEqual(gone);
    expect(await rowsOf(neverUsed)).toEqual(gone);
    expect(await rowsOf(recent)).toEqual({ users: 1, alerts: 1, watchlist: 1, sessions: 1 });
    expect(await rowsOf(seller)).toEqual({ users: 1, alerts: 1, watchlist: 1, sessions: 1 });
  });

  it("takes an idle demo account's logo files out of storage with it, and keeps an active one's", async () => {
    const idle = await seedDemo(NOW - 8 * DAY_MS, NOW - 30 * DAY_MS);
    const recent = await seedDemo(NOW - 6 * DAY_MS, NOW - 30 * DAY_MS);
    for (const id of [idle, recent]) await env.BRANDING.put(`logos/${id}/${"a".repeat(32)}`, "PNG");

    await runRetention(buildServices(env), NOW);

    expect((await env.BRANDING.list({ prefix: `logos/${idle}/` })).objects).toHaveLength(0);
    expect((await env.BRANDING.list({ prefix: `logos/${recent}/` })).objects).toHaveLength(1);
  });

  it("lists the logos once for all the idle demo accounts it deletes, not once per account", async () => {
    const idle = [];
    for (let i = 0; i < 3; i++) idle.push(await seedDemo(NOW - 8 * DAY_MS, NOW - 30 * DAY_MS));
    const recent = await seedDemo(NOW - 6 * DAY_MS, NOW - 30 * DAY_MS);
    for (const id of [...idle, recent]) await env.BRANDING.put(`logos/${id}/${"b".repeat(32)}`, "PNG");
    const listed: (string | undefined)[] = [];
    const branding = new Proxy(env.BRANDING, {
      get: (bucket, name) => (name === "list" ? (options?: R2ListOptions) => (listed.push(options?.prefix), bucket.list(options)) : Reflect.get(bucket, name).bind(bucket)),
    });

    await runRetention(buildServices({ ...env, BRANDING: branding }), NOW);

    expect(listed.filter((prefix) => prefix?.startsWith("logos/"))).toEqual(["logos/"]);
    for (const id of idle) expect((await env.BRANDING.list({ prefix: `logos/${id}/` })).objects).toHaveLength(0);
    expect((await env.BRANDING.list({ prefix: `logos/${recent}/` })).objects).toHaveLength(1);
  });

  it("deletes in chunks until every idle demo account is gone", async () => {
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push(await seedDemo(NOW - 9 * DAY_MS, NOW - 9 * DAY_MS));
    await runRetention(buildServices(env), NOW, 3);
    for (const id of ids) expect((await rowsOf(id)).users).toBe(0);
  });

  it("sweeps expired and revoked sessions, keeping live ones", async () => {
    const user = await seedDemo(NOW, NOW);
    const insert = (id: string, expires: number, revoked: number | null) =>
      env.DB.prepare("INSERT INTO sessions (id, user_id, expires_at, revoked_at) VALUES (?, ?, ?, ?)")
        .bind(id, user, iso(expires), revoked === null ? null : iso(revoked))
        .run();
    await insert(`expired-${user}`, NOW - 1000, null);
    await insert(`revoked-${user}`, NOW + DAY_MS, NOW - 1000);
    await insert(`live-${user}`, NOW + DAY_MS, null);

    const summary = await runRetention(buildServices(env), NOW);

    expect(summary.endedSessionsDeleted).toBeGreaterThanOrEqual(2);
    const { results } = await env.DB.prepare("SELECT id FROM sessions WHERE user_id = ? ORDER BY id").bind(user).all<{ id: string }>();
    expect(results.map((row) => row.id).filter((id) => id.includes(user))).toEqual([`live-${user}`]);
  });

  it(`deletes a seller's own day rows (stock, Buy Box, sales) older than ${SELLER_DATA_RETENTION_DAYS} days, in chunks, and keeps the rest`, async () => {
    // A demo account in use: its mock seller connection (id = the account's) holds the rows.
    const owner = await seedDemo(NOW, NOW);
    const cutoff = utcDay(NOW - SELLER_DATA_RETENTION_DAYS * DAY_MS);
    const days = [addDays(cutoff, -30), addDays(cutoff, -2), addDays(cutoff, -1), cutoff, addDays(cutoff, 1), utcDay(NOW)];
    for (const day of days) {
      for (const asin of ["B0RETAIN01", "B0RETAIN02"]) {
        await env.DB.prepare("INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, captured_at) VALUES (?1, ?1, ?2, 'US', ?3, 'mock', 5, ?3)")
          .bind(owner, asin, day)
          .run();
        await env.DB.prepare("INSERT INTO seller_revenue (connection_id, workspace_id, asin, marketplace, day, source, status, amount, currency, units, captured_at) VALUES (?1, ?1, ?2, 'US', ?3, 'mock', 'ok', 10, 'USD', 1, ?3)")
          .bind(owner, asin, day)
          .run();
      }
    }
    const daysOf = async (table: string) =>
      (await env.DB.prepare(`SELECT DISTINCT day FROM ${table} WHERE workspace_id = ? ORDER BY day`).bind(owner).all<{ day: string }>()).results.map((row) => row.day);

    const summary = await runRetention(buildServices(env), NOW, 2);

    expect(summary.sellerDaysCutoff).toBe(cutoff);
    expect(summary.sellerDaysDeleted).toBeGreaterThanOrEqual(12);
    expect(await daysOf("seller_snapshots")).toEqual(days.slice(3));
    expect(await daysOf("seller_revenue")).toEqual(days.slice(3));
  });
});

describe("retention of the report emails' outbox", () => {
  it("deletes the closed sends of periods past REPORT_SEND_RETENTION_DAYS, and keeps open and recent ones", async () => {
    const owner = await seedDemo(NOW, NOW);
    const cutoff = utcDay(NOW - REPORT_SEND_RETENTION_DAYS * DAY_MS);
    const rows: [string, string][] = [
      [addDays(cutoff, -9), "sent"],
      [addDays(cutoff, -2), "failed"],
      [addDays(cutoff, -1), "cancelled"],
      [addDays(cutoff, -1), "pending"],
      [cutoff, "sent"],
      [utcDay(NOW), "sent"],
    ];
    for (const [period, status] of rows) {
      await env.DB.prepare("INSERT INTO report_sends (workspace_id, kind, period, recipient, status) VALUES (?, 'daily', ?, ?, ?)").bind(owner, period, status, status).run();
    }

    const summary = await runRetention(buildServices(env), NOW, 2);

    expect(summary.reportSendsDeleted).toBe(3);
    const { results } = await env.DB.prepare("SELECT period, status FROM report_sends WHERE workspace_id = ? ORDER BY period").bind(owner).all();
    expect(results).toEqual([
      { period: addDays(cutoff, -1), status: "pending" },
      { period: cutoff, status: "sent" },
      { period: utcDay(NOW), status: "sent" },
    ]);
  });
});

describe("retention of idempotency keys", () => {
  it("deletes the keys claimed more than 24 hours ago, and keeps the newer ones", async () => {
    const owner = await seedDemo(NOW, NOW);
    const claimed = { old: NOW - 25 * 3_600_000, older: NOW - 3 * DAY_MS, oldest: NOW - 30 * DAY_MS, recent: NOW - 23 * 3_600_000 };
    for (const [key, at] of Object.entries(claimed)) {
      await env.DB.prepare("INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body, created_at) VALUES (?, ?, 'f', 201, '{}', ?)").bind(owner, key, iso(at)).run();
    }

    const summary = await runRetention(buildServices(env), NOW, 2);

    expect(summary.idempotencyKeysDeleted).toBe(3);
    const { results } = await env.DB.prepare("SELECT key FROM idempotency_keys WHERE user_id = ?").bind(owner).all();
    expect(results).toEqual([{ key: "recent" }]);
  });
});
