import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { saveCredentials } from "../../../worker/accounts/credentials-store";
import { upsertSellerUser } from "../../../worker/accounts/user-store";
import type { BuyBoxShareResponse } from "../../../worker/contract/dashboard";
import { DAY_MS } from "../../../worker/contract/time";
import { buyBoxShare } from "../../../worker/dashboard/buy-box-days";
import { freeBrowser, userIdOf } from "../history/accounts";
import { newSellingPartnerId, TestBrowser } from "../support/seller-browser";
import { insertConnection } from "../support/seller-connections";

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS).toISOString().slice(0, 10);
const row = (asin: string, d: string, holdsBuyBox: boolean | null, buyBoxSellerId: string | null, extra: Record<string, unknown> = {}) => ({ asin, day: d, source: "spapi", holdsBuyBox, buyBoxSellerId, ...extra });

describe("buyBoxShare (pure)", () => {
  it("gives each ASIN asked for its days oldest first and the share of known days held; unknown days do not count, nobody's days do", () => {
    const items = buyBoxShare(
      ["B000000001", "B000000002", "B000000003"],
      [
        row("B000000001", "2026-11-03", true, "ME"),
        row("B000000001", "2026-11-01", true, "ME"),
        row("B000000001", "2026-11-02", false, "OTHER"),
        row("B000000001", "2026-11-04", null, null),
        row("B000000001", "2026-11-05", false, null),
        row("B000000002", "2026-11-01", null, null, { primeSellerId: "suppressed", nonPrimeSellerId: "suppressed" }),
      ],
    );
    expect(items[0]).toEqual({
      asin: "B000000001",
      heldDays: 2,
      knownDays: 4,
      share: 0.5,
      days: [
        { day: "2026-11-01", holder: "you" },
        { day: "2026-11-02", holder: "other" },
        { day: "2026-11-03", holder: "you" },
        { day: "2026-11-04", holder: "unknown" },
        { day: "2026-11-05", holder: "none" },
      ],
      mock: false,
    });
    // A suppressed Buy Box is known and held by nobody; an ASIN without seller data has no days and no share.
    expect(items[1]).toMatchObject({ heldDays: 0, knownDays: 1, share: 0, days: [{ day: "2026-11-01", holder: "suppressed" }] });
    expect(items[2]).toEqual({ asin: "B000000003", heldDays: 0, knownDays: 0, share: null, days: [], mock: false });
  });

  it("says which ASINs have days from the demo's mock seller API, to be labelled", () => {
    const items = buyBoxShare(["B000000001", "B000000002"], [row("B000000001", "2026-11-01", true, "ME", { source: "mock" }), row("B000000002", "2026-11-01", true, "ME")]);
    expect(items.map((item) => item.mock)).toEqual([true, false]);
  });

  it("counts a day held when any of the workspace's connections held it (two clients selling one ASIN)", () => {
    const [item] = buyBoxShare(["B000000001"], [row("B000000001", "2026-11-01", false, "OTHER"), row("B000000001", "2026-11-01", true, "ME"), row("B000000001", "2026-11-02", null, null), row("B000000001", "2026-11-02", false, "X")]);
    expect(item!.days).toEqual([
      { day: "2026-11-01", holder: "you" },
      { day: "2026-11-02", holder: "other" },
    ]);
    expect(item!.share).toBe(0.5);
  });
});

describe("GET /api/dashboard/buy-box", () => {
  async function sellerWithSnapshots() {
    const browser = await freeBrowser();
    const ws = userIdOf(browser);
    await saveCredentials(env.DB, ws, { refreshTokenCiphertext: "sealed", keyId: "k1", region: "na", grantedAt: "2026-11-25T02:00:00.000Z" });
    const snapshot = (workspace: string, connection: string, asin: string, d: string, holds: number | null, holder: string | null) =>
      env.DB.prepare(
        "INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, fulfillable_units, buy_box_seller_id, holds_buy_box, captured_at) VALUES (?, ?, ?, 'US', ?, 'spapi', 3, ?, ?, ?)",
      ).bind(connection, workspace, asin, d, holder, holds, `${d}T02:10:00.000Z`);
    return { browser, ws, snapshot };
  }

  it("answers the workspace's own Buy Box days of the ASINs asked, in the order asked, over the range", async () => {
    const { browser, ws, snapshot } = await sellerWithSnapshots();
    // Another customer's seller read the same ASIN: never part of this answer.
    const stranger = await upsertSellerUser(env.DB, newSellingPartnerId());
    await saveCredentials(env.DB, stranger.id, { refreshTokenCiphertext: "sealed", keyId: "k1", region: "na", grantedAt: "2026-11-25T02:00:00.000Z" });
    await env.DB.batch([
      snapshot(ws, ws, "B0BBSHARE1", day(0), 1, "ME"),
      snapshot(ws, ws, "B0BBSHARE1", day(1), 0, "OTHER"),
      snapshot(ws, ws, "B0BBSHARE1", day(2), 1, "ME"),
      snapshot(ws, ws, "B0BBSHARE1", day(9), 0, "OTHER"), // before the 7 days
      snapshot(stranger.id, stranger.id, "B0BBSHARE1", day(3), 1, "THEM"),
    ]);
    const res = await browser.request(`/api/dashboard/buy-box?marketplace=US&asins=B0BBSHARE2,b0bbshare1&range=7d`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const body = await res.json<BuyBoxShareResponse>();
    expect(body).toMatchObject({ marketplace: "US", fromDay: day(6), toDay: day(0) });
    expect(body.items).toEqual([
      { asin: "B0BBSHARE2", heldDays: 0, knownDays: 0, share: null, days: [], mock: false },
      {
        asin: "B0BBSHARE1",
        heldDays: 2,
        knownDays: 3,
        share: 2 / 3,
        days: [
          { day: day(2), holder: "you" },
          { day: day(1), holder: "other" },
          { day: day(0), holder: "you" },
        ],
        mock: false,
      },
    ]);
  });

  it("counts every connection of an agency's workspace", async () => {
    const { browser, ws, snapshot } = await sellerWithSnapshots();
    await insertConnection({ id: `${ws}-client`, workspaceId: ws, sellingPartnerId: "CLIENT-2", region: "na", name: "Client", status: "demo" });
    await env.DB.batch([snapshot(ws, ws, "B0BBSHARE3", day(0), 0, "CLIENT-2"), snapshot(ws, `${ws}-client`, "B0BBSHARE3", day(0), 1, "CLIENT-2")]);
    const body = await (await browser.request(`/api/dashboard/buy-box?marketplace=US&asins=B0BBSHARE3&range=7d`)).json<BuyBoxShareResponse>();
    expect(body.items[0]).toMatchObject({ heldDays: 1, knownDays: 1, share: 1 });
  });

  it("refuses the signed-out with 401, bad input with 422 and a range past the plan with 403", async () => {
    const anonymous = new TestBrowser(env);
    expect((await anonymous.request("/api/dashboard/buy-box?marketplace=US&asins=B0BBSHARE1")).status).toBe(401);
    const { browser } = await sellerWithSnapshots();
    const bad = await browser.request("/api/dashboard/buy-box?marketplace=US&asins=nope");
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ code: "validation_failed" });
    const eleven = Array.from({ length: 11 }, (_, i) => `B0BBSHAR${String(i).padStart(2, "0")}`).join(",");
    expect((await browser.request(`/api/dashboard/buy-box?marketplace=US&asins=${eleven}`)).status).toBe(422);
    const past = await browser.request("/api/dashboard/buy-box?marketplace=US&asins=B0BBSHARE1&range=90d");
    expect(past.status).toBe(403);
    expect(await past.json()).toMatchObject({ code: "plan_limit" });
  });
});
