import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { app } from "../../../worker/app";
import type { Bindings } from "../../../worker/env";
import { recordLookupPoint } from "../../../worker/history/lookup-point";
import { mockCategoryRanks, mockProduct } from "../../../worker/upstreams/creators/mock";
import type { DataSource, LookupResult } from "../../../worker/contract/product";
import { newAsin, uniqueClient } from "../support/creators-fake";
import { historyPoints } from "../support/history-shards";
import { buildServices } from "../../../worker/services";

/** Collects what a request would hand to waitUntil. */
function fakeContext() {
  const kept: Promise<unknown>[] = [];
  return { kept, ctx: { waitUntil: (promise: Promise<unknown>) => void kept.push(promise) } };
}

/** History keeps capture times to the second (a compact integer column). */
const toSecond = (iso: string) => new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString();

function result(asin: string, source: DataSource, refreshedAt: string, rank: number): LookupResult {
  return { ...mockProduct(asin, "US"), rank, source, refreshedAt };
}

async function record(answer: LookupResult, categoryRanks = [{ category: "Electronics", rank: answer.rank ?? 0 }]) {
  const { kept, ctx } = fakeContext();
  recordLookupPoint(buildServices(env).history, ctx, { result: answer, categoryRanks });
  await Promise.all(kept);
  return kept.length;
}

interface SnapshotRow {
  day: string;
  source: string;
  rank: number | null;
  category_ranks: string;
  price_amount: number | null;
  price_currency: string | null;
  offers: number | null;
  captured_at: string;
}

async function snapshots(asin: string, marketplace = "US"): Promise<SnapshotRow[]> {
  return (await historyPoints({ asin, marketplace })).map((point) => ({
    day: point.day,
    source: point.source,
    rank: point.rank,
    category_ranks: JSON.stringify(point.categoryRanks),
    price_amount: point.price,
    price_currency: point.currency,
    offers: point.offers,
    captured_at: point.capturedAt,
  }));
}

describe("recordLookupPoint", () => {
  beforeEach(() => {
    vi.restoreAllMocks();
  });

  it("keeps a live answer as its UTC day's snapshot, with category ranks, price and offers", async () => {
    const asin = newAsin();
    const answer = result(asin, "live", "2026-11-20T23:59:59.000Z", 812);
    const categoryRanks = [
      { category: "Electronics", rank: 812 },
      { category: "Earbud Headphones", rank: 31 },
    ];
    expect(await record(answer, categoryRanks)).toBe(1);
    expect(await snapshots(asin)).toEqual([
      {
        day: "2026-11-20",
        source: "live",
        rank: 812,
        category_ranks: JSON.stringify(categoryRanks),
        price_amount: answer.price?.amount,
        price_currency: "USD",
        offers: answer.offers,
        captured_at: "2026-11-20T23:59:59.000Z",
      },
    ]);
  });

  it("labels a mock answer mock", async () => {
    const asin = newAsin();
    await record(result(asin, "mock", "2026-11-20T08:00:00.000Z", 400));
    expect(await snapshots(asin)).toMatchObject([{ day: "2026-11-20", source: "mock", rank: 400 }]);
  });

  it("updates the same day's row on a second capture, never adding one", async () => {
    const asin = newAsin();
    await record(result(asin, "live", "2026-11-20T08:00:00.000Z", 900));
    await record(result(asin, "live", "2026-11-20T17:30:00.000Z", 750));
    expect(await snapshots(asin)).toMatchObject([{ day: "2026-11-20", rank: 750, captured_at: "2026-11-20T17:30:00.000Z" }]);
  });

  it("starts a new row on the next UTC day", async () => {
    const asin = newAsin();
    await record(result(asin, "live", "2026-11-20T23:59:59.999Z", 900));
    await record(result(asin, "live", "2026-11-21T00:00:00.000Z", 880));
    expect((await snapshots(asin)).map(({ day, rank }) => ({ day, rank }))).toEqual([
      { day: "2026-11-20", rank: 900 },
      { day: "2026-11-21", rank: 880 },
    ]);
  });

  it("never lets a mock capture replace a live row of the same day, while live replaces mock", async () => {
    const liveFirst = newAsin();
    await record(result(liveFirst, "live", "2026-11-20T08:00:00.000Z", 900));
    await record(result(liveFirst, "mock", "2026-11-20T09:00:00.000Z", 5));
    expect(await snapshots(liveFirst)).toMatchObject([{ source: "live", rank: 900, captured_at: "2026-11-20T08:00:00.000Z" }]);

    const mockFirst = newAsin();
    await record(result(mockFirst, "mock", "2026-11-20T08:00:00.000Z", 5));
    await record(result(mockFirst, "live", "2026-11-20T09:00:00.000Z", 900));
    expect(await snapshots(mockFirst)).toMatchObject([{ source: "live", rank: 900, captured_at: "2026-11-20T09:00:00.000Z" }]);
  });

  it("writes nothing for a cache hit", async () => {
    const asin = newAsin();
    expect(await record(result(asin, "cache", "2026-11-20T08:00:00.000Z", 900))).toBe(0);
    expect(await snapshots(asin)).toEqual([]);
  });

  it("logs a failed write and never rejects", async () => {
    const errorLog = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = new Proxy(env.HISTORY_0, {
      get(target, property) {
        if (property === "batch") return () => Promise.reject(new Error("D1 is having a moment"));
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const { kept, ctx } = fakeContext();
    const shards = { HISTORY_0: failing, HISTORY_1: failing, HISTORY_2: failing, HISTORY_3: failing };
    recordLookupPoint(buildServices({ ...env, ...shards }).history, ctx, { result: result(newAsin(), "live", "2026-11-20T08:00:00.000Z", 1) });
    await expect(Promise.all(kept)).resolves.toBeDefined();
    expect(errorLog).toHaveBeenCalledWith("rank snapshot write failed", "US", expect.any(String), expect.any(Error));
  });
});

describe("GET /api/v1/lookup keeps today's data point", () => {
  async function lookup(query: string, vars: Partial<Bindings> = {}) {
    const ctx = createExecutionContext();
    const res = await app.request(`/api/v1/lookup?${query}`, { headers: { "CF-Connecting-IP": `snap-${crypto.randomUUID()}` } }, { ...env, ...vars }, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  }

  it("writes a mock-mode lookup as a mock snapshot, with the mock category ranks, and keeps the answer unchanged", async () => {
    const asin = newAsin();
    const res = await lookup(`asin=${asin}&marketplace=UK`);
    expect(res.status).toBe(200);
    const body = await res.json<LookupResult>();
    expect(body).not.toHaveProperty("categoryRanks");
    const product = mockProduct(asin, "UK");
    expect(await snapshots(asin, "UK")).toEqual([
      {
        day: body.refreshedAt.slice(0, 10),
        source: "mock",
        rank: product.rank,
        category_ranks: JSON.stringify(mockCategoryRanks(product)),
        price_amount: product.price?.amount,
        price_currency: "GBP",
        offers: product.offers,
        captured_at: toSecond(body.refreshedAt),
      },
    ]);

    // The same day again updates that row; it never adds a second one.
    const again = await (await lookup(`asin=${asin}&marketplace=UK`)).json<LookupResult>();
    const rows = await snapshots(asin, "UK");
    expect(rows).toHaveLength(again.refreshedAt.slice(0, 10) === body.refreshedAt.slice(0, 10) ? 1 : 2);
    expect(rows[rows.length - 1]?.captured_at).toBe(toSecond(again.refreshedAt));
  });

  it("writes a live lookup once; the cache hit after it writes nothing new", async () => {
    const clientId = uniqueClient();
    const live = {
      CREATORS_CREDENTIAL_ID: clientId,
      CREATORS_CREDENTIAL_SECRET: "s3cret",
      CREATORS_US_PARTNER_TAG: "ranklayer-20",
      CREATORS_CREDENTIAL_VERSION: "3.1",
    };
    const asin = newAsin();
    const first = await (await lookup(`asin=${asin}`, live)).json<LookupResult>();
    expect(first.source).toBe("live");
    const [row] = await snapshots(asin);
    expect(row).toMatchObject({ source: "live", rank: first.rank, captured_at: toSecond(first.refreshedAt) });
    const categoryRanks = JSON.parse(row?.category_ranks ?? "[]") as { category: string; rank: number }[];
    // The fake upstream ranks every item in its website category and in its browse nodes.
    expect(categoryRanks[0]).toEqual({ category: first.categoryPath[0], rank: first.rank });
    expect(categoryRanks.length).toBeGreaterThan(1);

    const second = await (await lookup(`asin=${asin}`, live)).json<LookupResult>();
    expect(second.source).toBe("cache");
    expect(await snapshots(asin)).toEqual([row]);
  });
});
