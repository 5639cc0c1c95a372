import { proSession } from "./pro-session.ts";

/** An API key for the benchmark, made the way a user makes one: a demo Pro session, then POST /api/api-keys. */
export async function createBenchApiKey(appUrl: string): Promise<string> {
  const session = await proSession(appUrl);
  const created = (await (await session.send("/api/api-keys", "POST", { name: "bench" })).json()) as { key: string };
  return created.key;
}
