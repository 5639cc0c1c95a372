import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupDigits, groupDigitsTrimmed } from "../../../web/src/lib/group-digits";

/** What the page would print with Intl, the formatter groupDigits stands in for on first render. */
const formats = [0, 1, 2].map((digits) => new Intl.NumberFormat("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }));
const intl = (value: number, fractionDigits: number) => formats[fractionDigits]!.format(value);

describe("groupDigits", () => {
  it("groups thousands and rounds half away from zero on the decimal form, as Intl does", () => {
    expect(groupDigits(1234567)).toBe("1,234,567");
    expect(groupDigits(999.5)).toBe("1,000");
    expect(groupDigits(1.45, 1)).toBe("1.5");
    expect(groupDigits(4.35, 1)).toBe("4.4");
    expect(groupDigits(19.995, 2)).toBe("20.00");
    expect(groupDigits(-1234.5)).toBe("-1,235");
    expect(groupDigits(0)).toBe("0");
  });

  it("prints no minus sign for a value that rounds to zero (Intl prints -0)", () => {
    expect(groupDigits(-0.4)).toBe("0");
    expect(groupDigits(-0.004, 2)).toBe("0.00");
  });

  it("matches Intl en-US on 20,000 values, from cents to billions", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e10, max: 1e10, noNaN: true }), fc.integer({ min: 0, max: 2 }), (value, digits) => {
        const expected = intl(value, digits);
        // The one difference, on purpose: Intl's "-0" / "-0.00".
        fc.pre(!/^-0(\.0+)?$/.test(expected));
        expect(groupDigits(value, digits)).toBe(expected);
      }),
      { numRuns: 20_000, seed: 20261124 },
    );
  });
});

describe("groupDigitsTrimmed", () => {
  it("drops trailing zeros and a bare decimal point", () => {
    expect(groupDigitsTrimmed(1.5, 2)).toBe("1.5");
    expect(groupDigitsTrimmed(2, 2)).toBe("2");
    expect(groupDigitsTrimmed(1200.456, 1)).toBe("1,200.5");
    expect(groupDigitsTrimmed(1000, 1)).toBe("1,000");
  });
});
