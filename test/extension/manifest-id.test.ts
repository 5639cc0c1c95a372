import { describe, expect, it } from "vitest";
import { CHROMIUM_EXTENSION_ID, CHROMIUM_MANIFEST_KEY, EXTENSION_ID_PATTERN, RANKLAYER_EXTENSION_IDS } from "../../worker/contract/extension";

/** Chrome's id of an extension: the first 128 bits of SHA-256 over its public key (DER), written with the letters a–p. */
async function chromeIdOf(base64Key: string): Promise<string> {
  const der = Uint8Array.from(atob(base64Key), (char) => char.charCodeAt(0));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", der));
  return [...digest.slice(0, 16)].flatMap((byte) => [byte >> 4, byte & 15]).map((nibble) => String.fromCharCode(97 + nibble)).join("");
}

describe("the Chromium build's pinned id", () => {
  it("is the id Chrome derives from the manifest key, and the one /extension/connect hands keys to", async () => {
    // extension/manifest.ts puts CHROMIUM_MANIFEST_KEY in the Chromium manifest; the e2e test checks the loaded id.
    const id = await chromeIdOf(CHROMIUM_MANIFEST_KEY);
    expect(id).toMatch(EXTENSION_ID_PATTERN);
    expect(id).toBe(CHROMIUM_EXTENSION_ID);
    expect(RANKLAYER_EXTENSION_IDS).toContain(id);
  });
});
