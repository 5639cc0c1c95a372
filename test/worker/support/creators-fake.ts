import { expect } from "vitest";
import type { CallRecord } from "../../fakes/creators-calls";

// The fake Creators API (test/fakes/creators-upstream.ts) answers every outbound
// fetch in Node; it is steered and inspected through its control host. Tests run
// against one shared fake, so each uses its own credential id and ASINs.
const CONTROL = "https://creators-fake.test/__control";

export async function control(action: string, body: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${CONTROL}/${action}`, { method: "POST", body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(200);
}

export async function calls(query: { kind?: string; clientId?: string; asin?: string }): Promise<CallRecord[]> {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const res = await fetch(`${CONTROL}/calls?${params}`);
  return ((await res.json()) as { calls: CallRecord[] }).calls;
}

export async function grants(clientId: string): Promise<number> {
  const res = await fetch(`${CONTROL}/grants?clientId=${encodeURIComponent(clientId)}`);
  return ((await res.json()) as { grants: number }).grants;
}

export function uniqueClient(): string {
  return `client-${crypto.randomUUID()}`;
}

let serial = 0;
/** A fresh ten-character ASIN, so no other test's script touches it. */
export function newAsin(): string {
  serial += 1;
  const random = crypto.randomUUID().replace(/-/g, "").toUpperCase();
  return `B${String(serial % 10)}${random.slice(0, 8)}`;
}
