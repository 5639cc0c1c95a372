import { seededSessionCookie } from "./dashboard-seed.ts";
import { proSession } from "./pro-session.ts";

/** An API key for the benchmark, made the way a user makes one: the seeded Pro seller's session, then POST /api/api-keys. */
export async function createBenchApiKey(appUrl: string): Promise<string> {
  const session = await proSession(appUrl, await seededSessionCookie(1_000));
  const created = (await (await session.send("/api/api-keys", "POST", { name: "bench" })).json()) as { key: string };
  return created.key;
}
