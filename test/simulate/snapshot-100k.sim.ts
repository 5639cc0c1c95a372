import { describe, it } from "vitest";
import { snapshotScenario } from "../worker/jobs/nightly-run/snapshot-scenario";

/**
 * The snapshot run at 100,000 tracked ASINs (100 users, 8 marketplaces): 10,000 calls of 10 in
 * 100 slices, every ASIN requested exactly once, 100,000 rows. The Worker suite runs the same
 * scenario at 16,000 (snapshot-run.test.ts).
 */
describe("simulation: snapshot of 100,000 tracked ASINs", () => {
  it("requests every ASIN exactly once, in 10,000 calls of 10, and writes 100,000 rows", async () => {
    console.info(await snapshotScenario(100_000));
  });
});
