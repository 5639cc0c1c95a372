import { describe, expect, it } from "vitest";
import { keepFromContentScripts } from "../../extension/src/storage-access";

describe("keepFromContentScripts", () => {
  it("closes the storage area to content scripts where the browser can", async () => {
    const asked: unknown[] = [];
    const closed = await keepFromContentScripts({ setAccessLevel: async (options) => void asked.push(options) });
    expect(closed).toBe(true);
    expect(asked).toEqual([{ accessLevel: "TRUSTED_CONTEXTS" }]);
  });

  it("says so, without failing the background, where it cannot (Firefox's local storage, an older Chromium)", async () => {
    expect(await keepFromContentScripts({})).toBe(false);
    expect(await keepFromContentScripts({ setAccessLevel: () => Promise.reject(new Error("only session")) })).toBe(false);
  });
});
