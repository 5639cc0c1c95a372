import { toHex } from "../../shared/hmac";

/**
 * A webhook digest's id (X-RankLayer-Delivery and the payload's `id`), derived from exactly the
 * delivery rows it carries: a retry of the same rows has the same id, and any other set of rows
 * has another. Receivers are told to drop repeats by this id, so an id that names one set can
 * never make them drop an alert they have not had. Shaped as a UUID (version 8, RFC 9562) so a
 * receiver that stores it as one keeps working.
 */
export async function digestId(deliveryIds: readonly string[]): Promise<string> {
  // Sorted: the set decides the id, not the order the rows were read in.
  const text = [...deliveryIds].sort().join("\n");
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text))).slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
