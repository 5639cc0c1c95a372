import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_URL, siteUrl } from "../../build/site-url.ts";

// The build's SITE_URL setting (a plain function: no server involved).
describe("siteUrl", () => {
  it("defaults to the production origin when SITE_URL is unset or blank", () => {
    expect(siteUrl({})).toBe(DEFAULT_SITE_URL);
    expect(siteUrl({ SITE_URL: "  " })).toBe(DEFAULT_SITE_URL);
  });

  it("takes an http(s) origin, without a trailing slash", () => {
    expect(siteUrl({ SITE_URL: "https://staging.example.com/" })).toBe("https://staging.example.com");
    expect(siteUrl({ SITE_URL: "http://127.0.0.1:8787" })).toBe("http://127.0.0.1:8787");
  });

  it.each(["staging.example.com", "ftp://example.com", "https://example.com/app", "https://example.com/?a=1"])("rejects %s", (value) => {
    expect(() => siteUrl({ SITE_URL: value })).toThrow(/SITE_URL must be/);
  });
});
