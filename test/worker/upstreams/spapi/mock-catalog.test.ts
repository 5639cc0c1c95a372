import { describe, expect, it } from "vitest";
import { MockProductSource } from "../../../../worker/upstreams/creators/mock";
import { MockSellerApi } from "../../../../worker/upstreams/spapi/mock";
import { addDays } from "../../../../worker/contract/time";
import type { AccountMarketplace } from "../../../../worker/contract/account";
import { buyBoxHolders } from "../../../../worker/contract/buy-box-holders";
import { buyBoxRecord } from "../../../../worker/upstreams/spapi/buybox";

describe("the mock catalog and the mock lookup", () => {
  it("give one ASIN the same website and sub-category ranks", async () => {
    const asins = ["B08N5WRWNW", "B000000001", "B0CHX1W1XY", "B07FZ8S74R", "B09B8V1LZ3"];
    const lookups = await new MockProductSource().getItems(asins, "US");
    const catalog = new MockSellerApi();
    for (const asin of asins) {
      const outcome = lookups.get(asin);
      if (!outcome?.ok) throw new Error(`no mock lookup for ${asin}`);
      const item = await catalog.getCatalogItem(asin, "US");
      expect(item.salesRanks).toEqual((outcome.categoryRanks ?? []).map(({ category, rank }) => ({ categoryTitle: category, rank })));
      // Two ranks: the website category's and one sub-category's, the better of the two.
      expect(item.salesRanks).toHaveLength(2);
      expect(item.salesRanks[1]!.rank).toBeLessThanOrEqual(item.salesRanks[0]!.rank);
    }
  });
});

describe("the mock seller's days", () => {
  const asins = Array.from({ length: 30 }, (_, i) => `B0DAYS${String(i).padStart(4, "0")}`);
  const days = Array.from({ length: 60 }, (_, i) => addDays("2026-03-01", i));
  const on = (day: string) => new MockSellerApi("DEMO-1", day);

  it("sells stock down from a restock, then restocks: each ASIN with FBA stock runs low some days, and never below 0", async () => {
    const byDay = await Promise.all(days.map((day) => on(day).getFulfillableUnits(asins, "US")));
    const stocked = asins.filter((asin) => byDay[0]!.has(asin));
    expect(stocked.length).toBeGreaterThan(20);
    for (const asin of stocked) {
      const units = byDay.map((answer) => answer.get(asin)!);
      expect(units.every((n) => Number.isInteger(n) && n >= 0)).toBe(true);
      expect(Math.min(...units), asin).toBeLessThan(Math.max(...units) / 8);
      // Down day by day, up only on a restock.
      const restocks = units.filter((n, i) => i > 0 && n > units[i - 1]!).length;
      expect(restocks, asin).toBeGreaterThanOrEqual(1);
      expect(restocks, asin).toBeLessThanOrEqual(5);
    }
    // An ASIN without an FBA record has none on any day.
    for (const asin of asins.filter((a) => !byDay[0]!.has(a))) expect(byDay.every((answer) => !answer.has(asin))).toBe(true);
  });

  it("gives the demo seller the Buy Box of most ASINs most days, and loses it some days", async () => {
    const byDay = await Promise.all(days.map((day) => on(day).getBuyBoxWinners(asins, "US")));
    const held = asins.map((asin) => byDay.filter((answer) => buyBoxRecord(answer.get(asin)!, "DEMO-1").holdsBuyBox).length / days.length);
    const share = held.reduce((sum, x) => sum + x, 0) / held.length;
    expect(share).toBeGreaterThan(0.5);
    expect(share).toBeLessThan(0.85);
    expect(held.filter((x) => x > 0 && x < 1).length).toBeGreaterThan(15);
    // The same day asked twice answers the same.
    expect(await on(days[0]!).getBuyBoxWinners(asins, "US")).toEqual(byDay[0]);
  });
});

describe("the mock seller's Buy Boxes", () => {
  const asins = Array.from({ length: 400 }, (_, i) => `B0ROLE${String(i).padStart(4, "0")}`);
  const days = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05", "2026-03-06"];
  /** How an ASIN's Buy Boxes read to the demo seller on each day, as the dashboard shows them. */
  const statesOf = async (asin: string, marketplace: AccountMarketplace = "US") =>
    Promise.all(days.map(async (day) => buyBoxHolders(buyBoxRecord((await new MockSellerApi("DEMO-1", day).getBuyBoxWinners([asin], marketplace)).get(asin)!, "DEMO-1"))));

  it("shows every state the screen has, each ASIN always the same way: mostly yours, some another seller's, a few split, a rare one suppressed", async () => {
    const kinds = await Promise.all(
      asins.map(async (asin) => {
        const states = await statesOf(asin);
        if (states.every((state) => state.shown === "suppressed" && state.prime === "suppressed" && state.nonPrime === "suppressed")) return "suppressed";
        if (states.every((state) => state.prime !== state.nonPrime && [state.prime, state.nonPrime].sort().join() === "other,you")) return "split";
        if (states.every((state) => state.prime === state.nonPrime && state.prime === state.shown && ["you", "other"].includes(state.shown))) return "one holder";
        return `mixed: ${JSON.stringify(states)}`;
      }),
    );
    const count = (kind: string) => kinds.filter((k) => k === kind).length / asins.length;
    expect(kinds.filter((kind) => kind.startsWith("mixed"))).toEqual([]);
    expect(count("one holder")).toBeGreaterThan(0.7);
    expect(count("split")).toBeGreaterThan(0.06);
    expect(count("split")).toBeLessThan(0.2);
    expect(count("suppressed")).toBeGreaterThan(0.02);
    expect(count("suppressed")).toBeLessThan(0.12);
    // Both ways apart: the Prime one yours and the other not, and the other way round.
    const splits = await Promise.all(asins.filter((_, i) => kinds[i] === "split").map(async (asin) => (await statesOf(asin))[0]!.prime));
    expect(new Set(splits)).toEqual(new Set(["you", "other"]));
    // Held by another seller on most days: some ASINs.
    const mostlyOther = await Promise.all(
      asins.filter((_, i) => kinds[i] === "one holder").map(async (asin) => (await statesOf(asin)).filter((state) => state.shown === "other").length > days.length / 2),
    );
    expect(mostlyOther.filter(Boolean).length / asins.length).toBeGreaterThan(0.1);
  });

  it("gives an ASIN the same kind of Buy Box in every marketplace, the held days apart", async () => {
    for (const asin of asins.slice(0, 60)) {
      const [us, de] = await Promise.all([statesOf(asin, "US"), statesOf(asin, "DE")]);
      const kind = (states: typeof us) => states.map((state) => (state.shown === "suppressed" ? "suppressed" : state.prime === state.nonPrime ? "one" : `split:${state.prime}`));
      expect(kind(de), asin).toEqual(kind(us));
    }
  });
});
