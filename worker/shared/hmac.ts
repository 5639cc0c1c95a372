const encoder = new TextEncoder();

/** HMAC-SHA256 of `message` under `key` (raw bytes, or a string taken as UTF-8). */
export async function hmacSha256(key: Uint8Array | string, message: string): Promise<Uint8Array> {
  const raw = typeof key === "string" ? encoder.encode(key) : key;
  const cryptoKey = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The SHA-256 of a text (UTF-8), as bytes. */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/** The SHA-256 of a text, as lower-case hex: how tokens, codes and addresses are kept (never in clear). */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(await sha256(text));
}
