/**
 * The access-token renewal soak of `npm run bench`: steady cold lookups while the Creators token
 * renews every 2 s. Requests that need a token while one is being granted wait on that one grant
 * (worker/upstreams/http.ts, TokenCache), I/O another request started, which ADR 0013 allows only
 * where a load test shows it holds. It runs on its own app and fake, so the main run's credential
 * keeps its hour-long token and its new account's rate.
 */
import autocannon from "autocannon";
import { startAppServer, WORKER_ONLY } from "../test/e2e/app-server.ts";
import { startCreatorsFakeServer } from "../test/fakes/creators-server.ts";
import { control } from "../test/fakes/fake-http-server.ts";
import type { TableRow } from "./report.ts";

const CLIENT_ID = "bench-renewal";
/** Renewal comes 60 s before expiry (EXPIRY_MARGIN_MS), so a 62 s token is renewed every 2 s. */
const TOKEN_LIFETIME_S = 62;
/** A slow auth host: long enough that several lookups arrive during each grant and join it. */
const GRANT_MS = 300;
/** Under the fake's 10 TPS ceiling with room for timing skew: a refusal would be Amazon's, not the renewal's. */
const CALLS_PER_SECOND = 8;

export async function tokenRenewalRow(seconds: number, connections: number): Promise<TableRow> {
  const upstream = await startCreatorsFakeServer({ latencyMs: 150 });
  await control(upstream.url, "token-lifetime", { clientId: CLIENT_ID, seconds: TOKEN_LIFETIME_S });
  await control(upstream.url, "token-delay", { clientId: CLIENT_ID, delayMs: GRANT_MS });
  const app = await startAppServer(
    {
      LOOKUP_LIMIT_PER_MINUTE: "100000000",
      LOOKUP_LIMIT_PER_MONTH: "100000000",
      CREATORS_CREDENTIAL_ID: CLIENT_ID,
      CREATORS_CREDENTIAL_SECRET: "bench-secret",
      CREATORS_US_PARTNER_TAG: "bench-20",
      CREATORS_API_BASE_URL: upstream.url,
      CREATORS_AUTH_URL: `${upstream.url}/auth/o2/token`,
      CREATORS_REQUESTS_PER_SECOND: String(CALLS_PER_SECOND),
    },
    undefined,
    WORKER_ONLY,
  );
  try {
    // Every request a new ASIN: each is a cold lookup, so each needs a token.
    let next = 0;
    const statuses = new Map<number, number>();
    const result = await autocannon({
      url: app.url,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (request) => ({ ...request, path: `/api/v1/lookup?asin=B0RNW${String(next++).padStart(5, "0")}&marketplace=US` }),
          onResponse: (status) => void statuses.set(status, (statuses.get(status) ?? 0) + 1),
        },
      ],
    });
    const { grants } = (await (await fetch(`${upstream.url}/__control/grants?clientId=${CLIENT_ID}`)).json()) as { grants: number };
    const failed = result.requests.total - (statuses.get(200) ?? 0) + result.errors + result.timeouts;
    const otherStatuses = [...statuses].filter(([status]) => status !== 200).map(([status, count]) => `${count} × ${status}`);
    return {
      phase: `Creators token renewed under steady load (${seconds} s of cold lookups, ${connections} connections; a ${TOKEN_LIFETIME_S} s token, grants of ${GRANT_MS} ms)`,
      figure:
        `${result.requests.total.toLocaleString("en")} lookups, ${failed} failed${otherStatuses.length ? ` (${otherStatuses.join(", ")})` : ""}; ` +
        `${grants} token grants, ${upstream.calls()} getItems calls; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (calls paced at ${CALLS_PER_SECOND}/s)`,
      goal: `0 failed; a grant at least every 3 s (>= ${Math.floor(seconds / 3)})`,
      pass: result.requests.total > 0 && failed === 0 && grants >= Math.floor(seconds / 3),
    };
  } finally {
    await app.stop();
    await upstream.close();
  }
}
