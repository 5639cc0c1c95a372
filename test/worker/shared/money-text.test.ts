import { describe, expect, it } from "vitest";
import { amountText, amountWithCode, currencyDigits } from "../../../worker/shared/money-text";
import { LOOKUP_MARKETPLACES, MARKETPLACE_CURRENCY } from "../../../worker/contract/marketplaces";

describe("money in files follows the currency's minor units", () => {
  it.each([
    ["JPY", 0],
    ["USD", 2],
    ["EUR", 2],
    ["GBP", 2],
    ["MXN", 2],
    ["CAD", 2],
    ["KWD", 3],
    // Not a code at all: the common two.
    ["dollars", 2],
  ])("%s has %i decimals", (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });

  it("writes a cell ungrouped, at the currency's decimals", () => {
    expect(amountText(4914, "JPY")).toBe("4914");
    expect(amountText(4913.6, "JPY")).toBe("4914");
    expect(amountText(150.5, "USD")).toBe("150.50");
    expect(amountText(1234567.891, "EUR")).toBe("1234567.89");
  });

  it("writes a sentence's amount grouped, with the code", () => {
    expect(amountWithCode(1_234_567, "JPY")).toBe("1,234,567 JPY");
    expect(amountWithCode(1234.5, "USD")).toBe("1,234.50 USD");
    expect(amountWithCode(-12, "GBP")).toBe("-12.00 GBP");
  });

  it("every marketplace's currency is one Intl knows (none falls back to two decimals unknowingly)", () => {
    for (const code of LOOKUP_MARKETPLACES) {
      expect(() => new Intl.NumberFormat("en-US", { style: "currency", currency: MARKETPLACE_CURRENCY[code] })).not.toThrow();
    }
    expect(currencyDigits(MARKETPLACE_CURRENCY.JP)).toBe(0);
  });
});
