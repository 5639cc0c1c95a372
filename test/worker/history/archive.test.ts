import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { HistoryResponse } from "../../../worker/contract/history";
import { archiveKey, gunzipText, runArchiveStep } from "../../../worker/history/archive-store";
import { pointOf, writeRankPoints } from "../../../worker/history/rank-points-store";
import { bucketOf, monthDays, monthOf } from "../../../worker/history/sharding";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import { newAsin } from "../support/creators-fake";
import { demoEnv, TestBrowser } from "../support/seller-browser";
import { clearHistory, countPoints } from "../support/history-shards";
import { buildServices } from "../../../worker/services";
import { DAY_MS, dayNumber, dayText } from "../../../worker/contract/time";

const HOT_DAYS = 30;

beforeEach(clearHistory);

describe("the R2 monthly archive", () => {
  it("moves a month out of the hot window to R2 and GET /api/history still shows it", { timeout: 60_000 }, async () => {
    const bindings = demoEnv({ HISTORY_HOT_DAYS: String(HOT_DAYS) });
    const today = dayNumber(dayText(Math.floor(Date.now() / DAY_MS)));
    // A whole month that ended more than 30 days ago, and lies (mostly) inside the 90-day range.
    const month = monthOf(today - 62);
    const { first, last } = monthDays(month);
    const asin = newAsin();
    const days = Array.from({ length: last - first + 1 }, (_, i) => first + i).concat([today - 2]);
    await writeRankPoints(
      buildServices(bindings).history,
      days.map((day, i) =>
        pointOf({
          product: { ...mockProduct(asin, "US"), rank: 1000 + i },
          categoryRanks: [{ category: "Electronics", rank: 1000 + i }, { category: "Earbuds", rank: 10 + i }],
          source: "live",
          capturedAt: `${dayText(day)}T02:05:00.000Z`,
        }),
      ),
    );
    const browser = new TestBrowser(bindings);
    await browser.signInDemo();
    // 90 days of history are Pro's: the demo upgrades through billing's mock mode.
    expect((await browser.json("/api/billing/create-checkout", "POST", { planId: "pro" })).status).toBe(200);
    const before = await (await browser.request(`/api/history?asin=${asin}&marketplace=US&range=90d`)).json<HistoryResponse>();

    const step = await runArchiveStep(buildServices(bindings).history, Date.now());
    expect(step).toMatchObject({ month, points: days.length - 1 });
    // The month left D1; the hot point stayed.
    expect(await countPoints({ asin })).toBe(1);
    const object = await env.HISTORY_ARCHIVE.get(archiveKey(bucketOf("US", asin), month));
    const lines = (await gunzipText(object!.body)).trim().split("\n");
    expect(lines).toHaveLength(days.length - 1);
    expect(step.bytes).toBeLessThan(lines.join("\n").length);

    const res = await browser.request(`/api/history?asin=${asin}&marketplace=US&range=90d`);
    expect(res.status).toBe(200);
    const after = await res.json<HistoryResponse>();
    expect(after).toEqual(before);
    expect(after.points.length).toBeGreaterThan(20);
    expect(after.points.at(-1)?.day).toBe(dayText(today - 2));
    expect(after.points[0]?.categoryRanks).toHaveLength(2);

    // A second pass finds nothing left to move and keeps the file.
    expect(await runArchiveStep(buildServices(bindings).history, Date.now())).toMatchObject({ points: 0 });
    expect(await env.HISTORY_ARCHIVE.head(archiveKey(bucketOf("US", asin), month))).not.toBeNull();
  });
});
