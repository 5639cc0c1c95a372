import { describe, expect, it } from "vitest";
import { safeNextPath, signInPathReturningTo } from "../../../web/src/lib/next-path";

describe("safeNextPath", () => {
  it.each([
    ["/extension/connect?extension=abcdefghijklmnopabcdefghijklmnop", "/extension/connect?extension=abcdefghijklmnopabcdefghijklmnop"],
    ["/settings#api", "/settings#api"],
    ["/a/../billing", "/billing"],
  ])("keeps the same-origin path %j", (raw, path) => {
    expect(safeNextPath(raw)).toBe(path);
  });

  it.each([null, "", "dashboard", "//evil.example/x", "/\\evil.example", "https://evil.example/", "javascript:alert(1)", "/\tevil", " /settings", "/.//evil.example/x", "/..//evil.example", "/%2e//evil.example", "/a/..//evil.example"])(
    "refuses %j, so no sign-in link leads off the site",
    (raw) => {
      expect(safeNextPath(raw)).toBeNull();
    },
  );

  it("builds the sign-in link that comes back, and reads it back unchanged", () => {
    const path = "/extension/connect?extension=abc&x=1";
    const link = signInPathReturningTo(path);
    expect(link).toBe("/connect?next=%2Fextension%2Fconnect%3Fextension%3Dabc%26x%3D1");
    expect(safeNextPath(new URL(link, "http://localhost").searchParams.get("next"))).toBe(path);
  });
});
