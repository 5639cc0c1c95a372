import { describe, expect, it } from "vitest";
import { readPastedAsin } from "../../../worker/contract/asin-input";
import { parseAsinList } from "../../../worker/contract/asin-list";

describe("readPastedAsin", () => {
  it.each([
    [" B08N5WRWNW ", "B08N5WRWNW", null],
    ["b08n5wrwnw", "B08N5WRWNW", null],
    ["https://www.amazon.com/dp/B08N5WRWNW", "B08N5WRWNW", "US"],
    ["https://www.amazon.co.uk/Some-Product-Name/dp/b08n5wrwnw/ref=sr_1_1?keywords=x", "B08N5WRWNW", "UK"],
    ["amazon.de/gp/product/B08N5WRWNW", "B08N5WRWNW", "DE"],
    ["https://www.amazon.co.jp/gp/product/B08N5WRWNW?th=1", "B08N5WRWNW", "JP"],
    ["https://www.amazon.com.mx/dp/B08N5WRWNW#reviews", "B08N5WRWNW", "MX"],
    ["https://smile.amazon.com/dp/B08N5WRWNW", "B08N5WRWNW", "US"],
    // A product's reviews and offers pages, and /dp/product/, are links to it too.
    ["https://www.amazon.com/Some-Title/product-reviews/B08N5WRWNW?ie=UTF8", "B08N5WRWNW", "US"],
    ["https://www.amazon.fr/gp/offer-listing/B08N5WRWNW/ref=dp_olp", "B08N5WRWNW", "FR"],
    ["https://www.amazon.ca/dp/product/B08N5WRWNW", "B08N5WRWNW", "CA"],
    // Copied from a sentence, a CSV or a web page: quotes, brackets, a full stop, zero-width spaces.
    ['"B08N5WRWNW"', "B08N5WRWNW", null],
    ["B08N5WRWNW.", "B08N5WRWNW", null],
    ["\u200bb08n5wrwnw\u200b", "B08N5WRWNW", null],
    ["“B08N5WRWNW”", "B08N5WRWNW", null],
    ["<https://www.amazon.es/dp/B08N5WRWNW>", "B08N5WRWNW", "ES"],
    ["(https://www.amazon.it/dp/B08N5WRWNW).", "B08N5WRWNW", "IT"],
  ])("reads %j as %s (%s)", (raw, asin, marketplace) => {
    expect(readPastedAsin(raw)).toEqual({ asin, marketplace });
  });

  it("keeps what is typed one key at a time when it is no ASIN yet (the dot of amazon.)", () => {
    expect(readPastedAsin("https://www.").asin).toBe("https://www.");
    expect(readPastedAsin("amazon.").asin).toBe("AMAZON.");
  });

  it("leaves URLs of other hosts or without a product path as they are, never guessing", () => {
    expect(readPastedAsin("https://example.com/dp/B08N5WRWNW")).toEqual({ asin: "https://example.com/dp/B08N5WRWNW", marketplace: null });
    expect(readPastedAsin("https://www.amazon.com/s?k=B08N5WRWNW").marketplace).toBeNull();
    expect(readPastedAsin("https://www.amazon.com.br/dp/B08N5WRWNW").marketplace).toBeNull();
  });
});

describe("parseAsinList", () => {
  it("splits on spaces, commas and new lines, de-duplicates and lists what is not an ASIN", () => {
    expect(parseAsinList(" b08n5wrwnw,B07XJ8C8F5\nhttps://www.amazon.com/dp/B08N5WRWNW ; nope  B0123\r\nB09ABCDEF1")).toEqual({
      asins: ["B08N5WRWNW", "B07XJ8C8F5", "B09ABCDEF1"],
      invalid: ["nope", "B0123"],
      duplicates: 1,
      marketplace: "US",
    });
  });

  it("names a marketplace only when the URLs agree on one", () => {
    expect(parseAsinList("https://www.amazon.de/dp/B08N5WRWNW https://www.amazon.fr/dp/B07XJ8C8F5").marketplace).toBeNull();
    expect(parseAsinList("B08N5WRWNW").marketplace).toBeNull();
    expect(parseAsinList("")).toEqual({ asins: [], invalid: [], duplicates: 0, marketplace: null });
  });
});
