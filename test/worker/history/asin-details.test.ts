import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { asinDetailsOf, asinDetailsUpserts, type ItemCapture } from "../../../worker/history/asin-details-store";
import { mockProduct } from "../../../worker/upstreams/creators/mock";
import { asinRange } from "../jobs/nightly-run/support";

const capture = (asin: string, source: "live" | "mock", capturedAt: string, title: string): ItemCapture => ({
  product: { ...mockProduct(asin, "US"), title, brand: `Brand ${title}` },
  source,
  capturedAt,
});

async function write(captures: ItemCapture[]): Promise<number> {
  const statements = asinDetailsUpserts(env.DB, captures);
  const [first, ...more] = statements;
  if (first) await drizzle(env.DB).batch([first, ...more]);
  return statements.length;
}

describe("asin_details upserts, many rows to a statement", () => {
  it("writes 30 items in 3 statements (D1 binds at most 100 parameters, 8 a row)", async () => {
    const asins = asinRange("BD", 30);
    expect(await write(asins.map((asin) => capture(asin, "live", "2026-11-20T02:00:00.000Z", "first")))).toBe(3);
    const stored = await asinDetailsOf(env.DB, "US", asins);
    expect(stored.size).toBe(30);
    expect(stored.get(asins[29]!)).toMatchObject({ title: "first", brand: "Brand first", source: "live", capturedAt: "2026-11-20T02:00:00.000Z" });
  });

  it("replaces every field of a row with a later live capture, and never a live row with a mock one", async () => {
    const asins = asinRange("BE", 14);
    await write(asins.map((asin, i) => capture(asin, i % 2 ? "mock" : "live", "2026-11-20T02:00:00.000Z", "old")));
    await write(asins.map((asin) => capture(asin, "mock", "2026-11-21T02:00:00.000Z", "mock again")));
    await write(asins.slice(0, 2).map((asin) => capture(asin, "live", "2026-11-22T02:00:00.000Z", "new")));

    const stored = await asinDetailsOf(env.DB, "US", asins);
    // A later live capture replaces title, brand, source and capture time alike.
    expect(stored.get(asins[0]!)).toMatchObject({ title: "new", brand: "Brand new", source: "live", capturedAt: "2026-11-22T02:00:00.000Z" });
    expect(stored.get(asins[1]!)).toMatchObject({ title: "new", brand: "Brand new", source: "live", capturedAt: "2026-11-22T02:00:00.000Z" });
    // Live rows kept their live data against the mock capture; mock rows took the newer mock one.
    expect(stored.get(asins[2]!)).toMatchObject({ title: "old", source: "live", capturedAt: "2026-11-20T02:00:00.000Z" });
    expect(stored.get(asins[13]!)).toMatchObject({ title: "mock again", source: "mock", capturedAt: "2026-11-21T02:00:00.000Z" });
  });
});
