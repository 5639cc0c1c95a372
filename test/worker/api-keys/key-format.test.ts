import { describe, expect, it } from "vitest";
import { bearerToken, generateApiKey, hashApiKey, isMalformedKeyHeader, looksLikeApiKey, visiblePrefix } from "../../../worker/api-keys/key-format";

/** WebCrypto's SHA-256 in hex: what D1 has always stored, so keys made before stay valid. */
async function webCryptoHex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("API key format", () => {
  it("hashes a key to the hex SHA-256 D1 keeps, the same digest WebCrypto gives", async () => {
    // FIPS 180-2's test vector, then real keys.
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    for (let i = 0; i < 20; i++) {
      const key = generateApiKey();
      expect(hashApiKey(key)).toBe(await webCryptoHex(key));
    }
    // Non-ASCII text is hashed as its UTF-8 bytes, as WebCrypto is given them.
    expect(hashApiKey("rl_live_é€😀")).toBe(await webCryptoHex("rl_live_é€😀"));
  });

  it("makes keys of 43 base62 characters after rl_live_, recognised by their shape and shown by their prefix", () => {
    const key = generateApiKey();
    expect(key).toMatch(/^rl_live_[0-9A-Za-z]{43}$/);
    expect(looksLikeApiKey(key)).toBe(true);
    expect(looksLikeApiKey(`${key}x`)).toBe(false);
    expect(looksLikeApiKey(key.replace("rl_live_", "rl_test_"))).toBe(false);
    expect(visiblePrefix(key)).toBe(key.slice(0, 14));
    expect(generateApiKey(() => new Uint8Array(32))).toBe(`rl_live_${"0".repeat(43)}`);
  });

  it("reads the key of a Bearer header only", () => {
    expect(bearerToken("Bearer rl_live_abc")).toBe("rl_live_abc");
    expect(bearerToken("bearer   rl_live_abc  ")).toBe("rl_live_abc");
    expect(bearerToken("Basic dXNlcg==")).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    // A key meant for us but not sent as one Bearer token; another scheme without a key is not ours.
    for (const header of ["rl_live_abc", "Token rl_live_abc", "Bearer a b", "Bearer", " bearer  "]) expect(isMalformedKeyHeader(header), header).toBe(true);
    for (const header of ["Bearer rl_live_abc", "Basic dXNlcg==", undefined]) expect(isMalformedKeyHeader(header), header).toBe(false);
  });
});
