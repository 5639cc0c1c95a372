import { describe, it } from "vitest";
import { snapshotScenario } from "./snapshot-scenario";

/**
 * The snapshot run at 16,000 tracked ASINs: 16 slices of 100 calls, through the real job code
 * against the fake Creators API. `npm run simulate` runs the same scenario at 100,000
 * (test/simulate/snapshot-100k.sim.ts), about 45 s of CPU that npm test does not spend.
 */
describe("snapshot of 16,000 tracked ASINs", () => {
  it("requests every ASIN exactly once, in 1,600 calls of 10 over 16 slices, and writes 16,000 rows", { timeout: 300_000 }, async () => {
    console.info(await snapshotScenario(16_000));
  });
});
