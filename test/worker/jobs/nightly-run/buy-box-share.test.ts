import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { revenueRunDay } from "../../../../worker/upstreams/spapi/sales-days";
import type { SellerCallRecord } from "../../../fakes/spapi-calls";
import { agencyWithClient } from "../../support/agency-client";
import { accessTokensOf, fakeCalls, fakeControl, SPAPI_FAKE, spApiTimeOf } from "../../support/seller-browser";
import { insertWatchlist, resetHistoryTables, runSlicesToEnd, virtualClock } from "./support";

/**
 * The Buy Box of an ASIN is the same whoever asks: an agency's connections each start at their own
 * share of the workspace's tracked ASINs, and write the pages another connection answered today
 * from its row, without a getItemOffersBatch call of their own (buy-box-share.ts).
 */
beforeEach(async () => {
  await resetHistoryTables();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
});

const PAGES = 5;
/** ASINs no other test file tracks, in ASIN order: the walk's pages are 0–19, 20–39, … */
function trackedAsins(): string[] {
  const prefix = `B0H${crypto.randomUUID().replace(/-/g, "").slice(0, 4).toUpperCase()}`;
  return Array.from({ length: PAGES * 20 }, (_, i) => `${prefix}${String(i).padStart(3, "0")}`);
}

/** The ASINs of each getItemOffersBatch call one seller made. */
async function offersAskedBy(refreshToken: string): Promise<string[][]> {
  const tokens = await accessTokensOf(refreshToken);
  return (await fakeCalls(SPAPI_FAKE, { kind: "offers" }))
    .filter((call: SellerCallRecord) => tokens.has(call.accessToken) && call.status === 200)
    .map((call) => (call.body as { requests: { uri: string }[] }).requests.map((request) => request.uri.split("/")[5]!));
}

async function buyBoxRows(workspace: string) {
  const { results } = await env.DB.prepare(
    "SELECT c.selling_partner_id AS seller, s.asin, s.buy_box_seller_id AS holder, s.holds_buy_box AS holds, s.prime_seller_id AS prime, s.non_prime_seller_id AS nonPrime FROM seller_snapshots s JOIN seller_connections c ON c.id = s.connection_id WHERE s.workspace_id = ? AND s.day = ? AND (s.prime_seller_id IS NOT NULL OR s.holds_prime IS NOT NULL)",
  )
    .bind(workspace, revenueRunDay(Date.now()))
    .all<{ seller: string; asin: string; holder: string | null; holds: number | null; prime: string | null; nonPrime: string | null }>();
  return results;
}

describe("the sellers phase shares a workspace's Buy Box answers between its connections", () => {
  it("two connections ask about half the pages each, and both get every ASIN's Buy Box, each holding its own", { timeout: 30_000 }, async () => {
    const { bindings, agency, workspace, clientSeller, clientGrant } = await agencyWithClient();
    const asins = trackedAsins();
    await insertWatchlist(workspace, asins.map((asin) => ({ marketplace: "US", asin })));
    const [agencyHeld, clientHeld] = [asins[3]!, asins[97]!];
    await fakeControl(SPAPI_FAKE, "buy-box", { asin: agencyHeld, sellerId: agency.sellingPartnerId });
    await fakeControl(SPAPI_FAKE, "buy-box", { asin: clientHeld, sellerId: clientSeller });

    await runSlicesToEnd(bindings, revenueRunDay(Date.now()), { clock: virtualClock(Date.now(), spApiTimeOf(agency.refreshToken, clientGrant)) });

    const asked = [...(await offersAskedBy(agency.refreshToken)), ...(await offersAskedBy(clientGrant))];
    // Without sharing each connection asks all 5 pages (10 calls). Walking side by side, a connection
    // may reach the last page of another's share while that one still asks it: at most one more each.
    expect(asked.length).toBeLessThanOrEqual(PAGES + 2);
    expect(new Set(asked.flat())).toEqual(new Set(asins));
    expect(await offersAskedBy(agency.refreshToken)).not.toEqual([]);
    expect(await offersAskedBy(clientGrant)).not.toEqual([]);

    const rows = await buyBoxRows(workspace);
    const of = (seller: string) => new Map(rows.filter((row) => row.seller === seller).map((row) => [row.asin, row]));
    const [agencyRows, clientRows] = [of(agency.sellingPartnerId), of(clientSeller)];
    expect([agencyRows.size, clientRows.size]).toEqual([asins.length, asins.length]);
    // Each holds its own, and sees the other as the holder of the other's.
    expect(agencyRows.get(agencyHeld)).toMatchObject({ holds: 1, holder: agency.sellingPartnerId });
    expect(clientRows.get(agencyHeld)).toMatchObject({ holds: 0, holder: agency.sellingPartnerId });
    expect(clientRows.get(clientHeld)).toMatchObject({ holds: 1, holder: clientSeller });
    expect(agencyRows.get(clientHeld)).toMatchObject({ holds: 0, holder: clientSeller });
    // Every other ASIN: the same holders for both, as each would have been answered.
    for (const asin of asins) {
      const [a, c] = [agencyRows.get(asin)!, clientRows.get(asin)!];
      expect([c.holder, c.prime, c.nonPrime]).toEqual([a.holder, a.prime, a.nonPrime]);
    }
  });

  it("a connection Amazon refuses leaves its share to the other, which asks it itself: every ASIN still has its Buy Box", { timeout: 30_000 }, async () => {
    const { bindings, agency, workspace, clientGrant } = await agencyWithClient();
    const asins = trackedAsins();
    await insertWatchlist(workspace, asins.map((asin) => ({ marketplace: "US", asin })));
    await fakeControl(SPAPI_FAKE, "expire-tokens", { refreshToken: clientGrant, status: 403, sticky: true });

    await runSlicesToEnd(bindings, revenueRunDay(Date.now()), { clock: virtualClock(Date.now(), spApiTimeOf(agency.refreshToken, clientGrant)) });

    expect(new Set((await offersAskedBy(agency.refreshToken)).flat())).toEqual(new Set(asins));
    const rows = await buyBoxRows(workspace);
    expect(rows.filter((row) => row.seller === agency.sellingPartnerId)).toHaveLength(asins.length);
    // The refused connection is not kept looking connected on the other's answers: it met its 403 and has no Buy Box tonight.
    expect(rows.filter((row) => row.seller !== agency.sellingPartnerId)).toEqual([]);
  });

  it("a connection takes the others' rows only once Amazon answered it tonight: a revoked one still meets its 403, even when every page is answered", { timeout: 30_000 }, async () => {
    const { bindings, agency, workspace, clientGrant, connectionOf } = await agencyWithClient();
    const asins = trackedAsins();
    await insertWatchlist(workspace, asins.map((asin) => ({ marketplace: "US", asin })));
    // The agency's connection answered every page already (a client that starts late finds them all answered).
    const day = revenueRunDay(Date.now());
    const agencyConnection = connectionOf(agency.sellingPartnerId).id;
    await env.DB.batch(
      asins.map((asin) =>
        env.DB.prepare(
          `INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, buy_box_seller_id, holds_buy_box, prime_seller_id, non_prime_seller_id, holds_prime, holds_non_prime, captured_at)
           VALUES (?, ?, ?, 'US', ?, 'spapi', 'A3RIVAL', 0, 'A3RIVAL', 'A3RIVAL', 0, 0, ?)`,
        ).bind(agencyConnection, workspace, asin, day, `${day}T02:10:00.000Z`),
      ),
    );
    await fakeControl(SPAPI_FAKE, "expire-tokens", { refreshToken: clientGrant, status: 403, sticky: true });

    await runSlicesToEnd(bindings, day, { clock: virtualClock(Date.now(), spApiTimeOf(agency.refreshToken, clientGrant)) });

    const clientRows = (await buyBoxRows(workspace)).filter((row) => row.seller !== agency.sellingPartnerId);
    expect(clientRows).toEqual([]);
  });

  it("asks itself about an ASIN whose shared answer could tell neither Buy Box (offers not processed yet)", { timeout: 30_000 }, async () => {
    const { bindings, agency, workspace, clientGrant, connectionOf } = await agencyWithClient();
    const asins = trackedAsins().slice(0, 40);
    await insertWatchlist(workspace, asins.map((asin) => ({ marketplace: "US", asin })));
    const day = revenueRunDay(Date.now());
    const agencyConnection = connectionOf(agency.sellingPartnerId).id;
    // The agency's answers of the night (it is refused from now on, so they stay as they are): the first
    // ASIN of each page told nothing, the others named a rival.
    const told = new Set([asins[0], asins[20]]);
    await env.DB.batch(
      asins.map((asin) => {
        const holder = told.has(asin) ? "unknown" : "A3RIVAL";
        return env.DB.prepare(
          `INSERT INTO seller_snapshots (connection_id, workspace_id, asin, marketplace, day, source, buy_box_seller_id, holds_buy_box, prime_seller_id, non_prime_seller_id, holds_prime, holds_non_prime, captured_at)
           VALUES (?, ?, ?, 'US', ?, 'spapi', ?, NULL, ?, ?, NULL, NULL, ?)`,
        ).bind(agencyConnection, workspace, asin, day, holder, holder, holder, `${day}T02:10:00.000Z`);
      }),
    );
    await fakeControl(SPAPI_FAKE, "expire-tokens", { refreshToken: agency.refreshToken, status: 403, sticky: true });

    await runSlicesToEnd(bindings, day, { clock: virtualClock(Date.now(), spApiTimeOf(agency.refreshToken, clientGrant)) });

    // Its first page asked whole (nothing is taken before Amazon answered it); of the other page, only the ASIN the agency's answer could not tell.
    const asked = (await offersAskedBy(clientGrant)).flat();
    expect(asked).toHaveLength(21);
    for (const asin of told) expect(asked).toContain(asin);
  });

  it("carries a share walk across slices: one call a slice gives every ASIN's Buy Box to both", { timeout: 30_000 }, async () => {
    const { bindings, agency, workspace, clientSeller, clientGrant } = await agencyWithClient();
    const asins = trackedAsins();
    await insertWatchlist(workspace, asins.map((asin) => ({ marketplace: "US", asin })));

    const slices = await runSlicesToEnd(bindings, revenueRunDay(Date.now()), { clock: virtualClock(Date.now(), spApiTimeOf(agency.refreshToken, clientGrant)), maxCalls: 1 });

    expect(slices).toBeGreaterThan(PAGES);
    const rows = await buyBoxRows(workspace);
    for (const seller of [agency.sellingPartnerId, clientSeller]) expect(new Set(rows.filter((row) => row.seller === seller).map((row) => row.asin))).toEqual(new Set(asins));
  });
});
