import { describe, expect, it } from "vitest";
import { decryptRefreshToken, encryptRefreshToken, KeyringError, parseKeyring } from "../../../worker/auth/token-crypto";
import { KEY_2026, KEY_2027 } from "../support/seller-browser";

const TOKEN = "Atzr|IwEBIExampleRefreshToken";
const old = parseKeyring(`k2026:${KEY_2026}`);
const rotated = parseKeyring(`k2027:${KEY_2027},k2026:${KEY_2026}`);

describe("refresh-token encryption", () => {
  it("seals with the newest key as an A256GCM JWE naming the key id, never containing the token", async () => {
    const sealed = await encryptRefreshToken(rotated, "user-1", TOKEN);
    expect(sealed.keyId).toBe("k2027");
    const header = JSON.parse(atob(sealed.ciphertext.split(".")[0]!.replace(/-/g, "+").replace(/_/g, "/")));
    expect(header).toEqual({ alg: "dir", enc: "A256GCM", kid: "k2027" });
    expect(sealed.ciphertext).not.toContain(TOKEN);
    expect(sealed.ciphertext).not.toContain(btoa(TOKEN).slice(0, 12));
    // Random IVs: the same token never seals to the same text twice.
    expect((await encryptRefreshToken(rotated, "user-1", TOKEN)).ciphertext).not.toBe(sealed.ciphertext);
  });

  it("opens a token sealed under an older key that is still listed, and says it is stale", async () => {
    const sealed = await encryptRefreshToken(old, "user-1", TOKEN);
    await expect(decryptRefreshToken(rotated, "user-1", sealed.ciphertext)).resolves.toEqual({ refreshToken: TOKEN, stale: true });
    await expect(decryptRefreshToken(old, "user-1", sealed.ciphertext)).resolves.toEqual({ refreshToken: TOKEN, stale: false });
  });

  it("refuses once the key is no longer listed", async () => {
    const sealed = await encryptRefreshToken(old, "user-1", TOKEN);
    await expect(decryptRefreshToken(parseKeyring(`k2027:${KEY_2027}`), "user-1", sealed.ciphertext)).rejects.toThrow(
      "no TOKEN_ENCRYPTION_KEYS entry for key id k2026",
    );
  });

  it("refuses a ciphertext copied onto another user's row", async () => {
    const sealed = await encryptRefreshToken(old, "user-1", TOKEN);
    await expect(decryptRefreshToken(old, "user-2", sealed.ciphertext)).rejects.toBeInstanceOf(KeyringError);
  });

  it("refuses a modified ciphertext", async () => {
    const sealed = await encryptRefreshToken(old, "user-1", TOKEN);
    const parts = sealed.ciphertext.split(".");
    parts[3] = parts[3]!.startsWith("A") ? `B${parts[3]!.slice(1)}` : `A${parts[3]!.slice(1)}`;
    await expect(decryptRefreshToken(old, "user-1", parts.join("."))).rejects.toThrow();
  });
});

describe("parseKeyring", () => {
  it("reads kid:base64 entries, newest first", () => {
    expect(rotated.map((key) => key.id)).toEqual(["k2027", "k2026"]);
    expect(rotated[0]?.key.byteLength).toBe(32);
  });

  it.each([
    [undefined, "TOKEN_ENCRYPTION_KEYS is not set"],
    ["", "TOKEN_ENCRYPTION_KEYS is not set"],
    [KEY_2026, 'entry 1 has no "kid:" prefix'],
    ["short:AAAA", "key short is not 32 bytes"],
    [`a:${KEY_2026},a:${KEY_2027}`, "repeats a key id"],
  ])("rejects %j", (value, message) => {
    expect(() => parseKeyring(value)).toThrow(message);
  });
});
