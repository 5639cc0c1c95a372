import { afterEach, describe, expect, it, vi } from "vitest";
import { ADDRESS_POLL_MS, watchAddress } from "../../extension/src/address-watch";
import { readAmazonPage, sameProduct } from "../../extension/src/page-reader";

describe("watching the address for a variant chosen without a reload", () => {
  afterEach(() => vi.useRealTimers());

  it("hears the Navigation API's entry changes, once per new address", () => {
    const navigation = new EventTarget();
    const location = { href: "https://www.amazon.com/dp/B000000001" };
    const seen: string[] = [];
    watchAddress({ location, navigation, setInterval: () => 0 }, (href) => seen.push(href));
    location.href = "https://www.amazon.com/dp/B000000002?th=1";
    navigation.dispatchEvent(new Event("currententrychange"));
    navigation.dispatchEvent(new Event("currententrychange"));
    expect(seen).toEqual(["https://www.amazon.com/dp/B000000002?th=1"]);
  });

  it("looks every second where there is no Navigation API", () => {
    vi.useFakeTimers();
    const location = { href: "https://www.amazon.de/dp/B000000001" };
    const seen: string[] = [];
    watchAddress({ location, setInterval: (handler, ms) => setInterval(handler, ms) as unknown as number }, (href) => seen.push(href));
    vi.advanceTimersByTime(ADDRESS_POLL_MS);
    expect(seen).toEqual([]);
    location.href = "https://www.amazon.de/dp/B000000003";
    vi.advanceTimersByTime(ADDRESS_POLL_MS);
    expect(seen).toEqual(["https://www.amazon.de/dp/B000000003"]);
  });

  it("treats the same ASIN under another slug or query as the same product", () => {
    const first = readAmazonPage("https://www.amazon.com/Echo-Dot/dp/B000000001");
    expect(sameProduct(first, readAmazonPage("https://www.amazon.com/dp/B000000001?th=1&psc=1"))).toBe(true);
    expect(sameProduct(first, readAmazonPage("https://www.amazon.com/dp/B000000002"))).toBe(false);
    expect(sameProduct(first, readAmazonPage("https://www.amazon.de/dp/B000000001"))).toBe(false);
    expect(sameProduct(null, first)).toBe(false);
  });
});
