import { describe, expect, it } from "vitest";
import { buyBoxLost, type SellerPoint } from "../../../worker/alerts/rules";

const point = (day: string, holdsPrime: boolean | null, holdsNonPrime: boolean | null, holdsBuyBox: boolean | null = holdsPrime): SellerPoint => ({
  day,
  fulfillableUnits: 5,
  holdsBuyBox,
  holdsPrime,
  holdsNonPrime,
  source: "spapi",
});

describe("buybox_lost with the Prime and the non-Prime Buy Box apart", () => {
  it("fires on losing either Buy Box the seller held, and says which", () => {
    expect(buyBoxLost({ today: point("2026-11-22", false, true), earlier: [point("2026-11-21", true, true)] })).toEqual({
      result: "fired",
      message: "you lost the Prime Buy Box (you held it on 2026-11-21)",
    });
    expect(buyBoxLost({ today: point("2026-11-22", true, false), earlier: [point("2026-11-21", true, true)] })).toEqual({
      result: "fired",
      message: "you lost the non-Prime Buy Box (you held it on 2026-11-21)",
    });
    expect(buyBoxLost({ today: point("2026-11-22", false, false), earlier: [point("2026-11-21", true, true)] })).toMatchObject({
      message: "you lost the Prime and the non-Prime Buy Box (you held it on 2026-11-21)",
    });
  });

  it("never fires on unknown, nor on a Buy Box the seller never held", () => {
    expect(buyBoxLost({ today: point("2026-11-22", null, false), earlier: [point("2026-11-21", true, false)] })).toEqual({ result: "ok" });
    expect(buyBoxLost({ today: point("2026-11-22", false, false), earlier: [point("2026-11-21", false, false)] })).toEqual({ result: "ok" });
  });
});
