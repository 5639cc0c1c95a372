import { describe, expect, it } from "vitest";
import { LOOKUP_MARKETPLACES, MARKETPLACE_HOST } from "../../worker/contract/marketplaces";
import { batchesOfTen, panelAnchor, readAmazonPage, searchResults } from "../../extension/src/page-reader";

describe("reading the Amazon page", () => {
  it("finds the ASIN and marketplace of product pages on all nine marketplaces", () => {
    for (const code of LOOKUP_MARKETPLACES) {
      expect(readAmazonPage(`https://${MARKETPLACE_HOST[code]}/Some-Slug/dp/b08n5wrwnw/ref=sr_1_1?th=1`), code).toEqual({ kind: "product", asin: "B08N5WRWNW", marketplace: code });
    }
    expect(readAmazonPage("https://www.amazon.de/gp/product/B07XJ8C8F5")).toEqual({ kind: "product", asin: "B07XJ8C8F5", marketplace: "DE" });
  });

  it("knows search pages and ignores everything else", () => {
    expect(readAmazonPage("https://www.amazon.co.jp/s?k=echo")).toEqual({ kind: "search", marketplace: "JP" });
    expect(readAmazonPage("https://www.amazon.com/gp/help/customer/display.html")).toBeNull();
    expect(readAmazonPage("https://www.amazon.com/dp/NOTANASIN!")).toBeNull();
    expect(readAmazonPage("https://www.amazon.nl/dp/B08N5WRWNW")).toBeNull();
    expect(readAmazonPage("https://evil.example/dp/B08N5WRWNW")).toBeNull();
  });

  it("lists search results once each, in order, with every slot an ASIN fills, and batches them by ten", () => {
    document.body.innerHTML = [
      ...["B000000001", "b000000002", "B000000001", ""].map((asin, index) => `<div id="slot-${index}" data-component-type="s-search-result" data-asin="${asin}"></div>`),
      `<div data-component-type="s-impression-logger" data-asin="B000000009"></div>`,
    ].join("");
    expect(searchResults(document).map((r) => r.asin)).toEqual(["B000000001", "B000000002"]);
    // Sponsored above and organic below: both slots get the rank.
    expect(searchResults(document)[0]!.elements.map((element) => element.id)).toEqual(["slot-0", "slot-2"]);
    expect(batchesOfTen(Array.from({ length: 23 }, (_, i) => i)).map((b) => b.length)).toEqual([10, 10, 3]);
  });

  it("puts the panel under the buy box, else atop the right column, else nowhere", () => {
    document.body.innerHTML = `<div id="rightCol"><div id="desktop_buybox"></div></div>`;
    expect(panelAnchor(document)).toEqual({ element: document.getElementById("desktop_buybox"), position: "afterend" });
    document.body.innerHTML = `<div id="rightCol"></div>`;
    expect(panelAnchor(document)).toEqual({ element: document.getElementById("rightCol"), position: "afterbegin" });
    document.body.innerHTML = `<p>no product layout</p>`;
    expect(panelAnchor(document)).toBeNull();
  });
});
