/**
 * The fake Creators API (creators-upstream.ts) served over node:http on 127.0.0.1,
 * for runs where the app is a separate process (the benchmark). Point the app at it
 * with CREATORS_API_BASE_URL = url and CREATORS_AUTH_URL = `${url}/auth/o2/token`
 * (a JSON, 3.x-style grant) or `${url}/oauth2/token` (a form, 2.x-style grant).
 * Every answer except /__control/ ones waits latencyMs first.
 */
import { CreatorsFake, type ProvisionedRate } from "./creators-upstream.ts";
import { startFakeHttpServer } from "./fake-http-server.ts";

export interface CreatorsFakeServer {
  url: string;
  /** getItems calls received so far. */
  calls(): number;
  /** When each getItems call arrived (epoch ms, before the fake's latency): the benchmark's time waited before the upstream. */
  arrivals(): number[];
  /** When each access-token grant was asked for (epoch ms): a lookup that waited for one waited for the token, not the budget. */
  tokenGrants(): number[];
  close(): Promise<void>;
}

/** `rates`: credentials' provisioned rates (Amazon refuses calls past them); any other credential has Amazon's ceiling. */
export async function startCreatorsFakeServer(
  options: { port?: number; latencyMs?: number; rates?: Record<string, ProvisionedRate> } = {},
): Promise<CreatorsFakeServer> {
  const fake = new CreatorsFake({ latencyMs: options.latencyMs ?? 0, rates: options.rates });
  const arrivals: number[] = [];
  const tokenGrants: number[] = [];
  const handle = fake.handle.bind(fake);
  fake.handle = (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith("/getItems")) arrivals.push(Date.now());
    if (path.endsWith("/token")) tokenGrants.push(Date.now());
    return handle(request);
  };
  // The fake reads its own URLs from the requests: they carry this server's origin.
  let origin = "";
  const server = await startFakeHttpServer(fake, () => origin, options.port);
  origin = server.url;
  return { url: server.url, calls: () => fake.getItemsCalls(), arrivals: () => [...arrivals], tokenGrants: () => [...tokenGrants], close: server.close };
}
