/**
 * `npm run bench`: the lookup and compare paths under load, measured in one run against a
 * baseline from the same run. It starts the built app under `wrangler dev` with
 * the limits raised, pointed at a fake Creators API that answers in 150 ms.
 */
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { firstLoadJs, formatKilobytes } from "../build/first-load-js.ts";
import { startAppServer } from "../test/e2e/app-server.ts";
import { startCreatorsFakeServer } from "../test/fakes/creators-server.ts";
import { compareUrl, proCookies, tenAsins } from "./compare-phase.ts";
import { createBenchApiKey } from "./api-key.ts";

/** Baseline and cached phases alternate this many times; medians cancel out drift and noise. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;
const COLD_CONCURRENCY = 50;
const UPSTREAM_LATENCY_MS = 150;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One phase's figures over its rounds: median rate and latencies, summed failures. */
function combine(rounds: Figures[]): Figures {
  return {
    name: rounds[0]!.name,
    rps: median(rounds.map((f) => f.rps)),
    p50: median(rounds.map((f) => f.p50)),
    p99: median(rounds.map((f) => f.p99)),
    non2xx: rounds.reduce((n, f) => n + f.non2xx, 0),
    errors: rounds.reduce((n, f) => n + f.errors, 0),
  };
}

async function load(
  name: string,
  url: string,
  options: { duration?: number; amount?: number; connections: number; headers?: Record<string, string> },
): Promise<Figures> {
  const result = await autocannon({ url, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const upstream = await startCreatorsFakeServer({ latencyMs: UPSTREAM_LATENCY_MS });
const app = await startAppServer({
  LOOKUP_LIMIT_PER_MINUTE: "100000000",
  LOOKUP_LIMIT_PER_MONTH: "100000000",
  CREATORS_CREDENTIAL_ID: "bench-client",
  CREATORS_CREDENTIAL_SECRET: "bench-secret",
  CREATORS_PARTNER_TAG: "bench-20",
  CREATORS_API_BASE_URL: upstream.url,
  CREATORS_AUTH_URL: `${upstream.url}/auth/o2/token`,
  // The key phase makes far more than the Pro plan's 1,000 requests an hour.
  API_REQUESTS_PER_HOUR: "100000000",
});

try {
  const health = `${app.url}/api/health`;
  const cached = `${app.url}/api/v1/lookup?asin=B0BENCH001&marketplace=US`;
  const cold = `${app.url}/api/v1/lookup?asin=B0BENCHC01&marketplace=US`;

  // Warm both paths (JIT, the cache entry, the token) before measuring.
  await load("warm-up", health, { amount: 200, connections: CONNECTIONS });
  const warm = await fetch(cached);
  if (warm.status !== 200) throw new Error(`warm-up lookup answered ${warm.status}: ${await warm.text()}`);
  await load("warm-up", cached, { amount: 200, connections: CONNECTIONS });
  // Compares of 10 are Pro's: a demo browser makes them.
  const pro = { Cookie: await proCookies(app.url) };
  const cachedCompare = compareUrl(app.url, tenAsins("B0CMPH"));
  const warmCompare = await fetch(cachedCompare, { headers: pro });
  if (warmCompare.status !== 200) throw new Error(`warm-up compare answered ${warmCompare.status}: ${await warmCompare.text()}`);
  await load("warm-up", cachedCompare, { amount: 200, connections: CONNECTIONS, headers: pro });
  const keyed = { Authorization: `Bearer ${await createBenchApiKey(app.url)}` };
  await load("warm-up", cached, { amount: 200, connections: CONNECTIONS, headers: keyed });

  const baselineRounds: Figures[] = [];
  const hitRounds: Figures[] = [];
  const keyRounds: Figures[] = [];
  const compareRounds: Figures[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baselineRounds.push(await load("GET /api/health (baseline)", health, { duration: DURATION_S, connections: CONNECTIONS }));
    hitRounds.push(await load("cached lookup", cached, { duration: DURATION_S, connections: CONNECTIONS }));
    keyRounds.push(await load("cached lookup with an API key", cached, { duration: DURATION_S, connections: CONNECTIONS, headers: keyed }));
    compareRounds.push(
      await load("compare of 10 cached ASINs (Pro)", cachedCompare, { duration: DURATION_S, connections: CONNECTIONS, headers: pro }),
    );
  }
  const baseline = combine(baselineRounds);
  const hit = combine(hitRounds);
  const keyHit = combine(keyRounds);
  const compared = combine(compareRounds);

  const compareCallsBefore = upstream.calls();
  const coldCompare = await fetch(compareUrl(app.url, tenAsins("B0CMPC")), { headers: pro });
  if (coldCompare.status !== 200) throw new Error(`cold compare answered ${coldCompare.status}: ${await coldCompare.text()}`);
  const coldCompareCalls = upstream.calls() - compareCallsBefore;

  const callsBefore = upstream.calls();
  const burst = await load(`${COLD_CONCURRENCY} concurrent cold lookups, one ASIN`, cold, {
    amount: COLD_CONCURRENCY,
    connections: COLD_CONCURRENCY,
  });
  const coldCalls = upstream.calls() - callsBefore;

  console.log(
    `\nRankLayer benchmark: baseline, cached lookup and cached compare of 10 alternated ${ROUNDS} times, ${DURATION_S} s each, ` +
      `${CONNECTIONS} connections (medians); upstream latency ${UPSTREAM_LATENCY_MS} ms\n`,
  );
  console.table(
    [baseline, hit, keyHit, compared, burst].map((f) => ({
      phase: f.name,
      "req/s": Math.round(f.rps),
      "p50 ms": f.p50,
      "p99 ms": f.p99,
      "non-2xx": f.non2xx,
      errors: f.errors,
    })),
  );
  console.log(`per-round cached/baseline throughput: ${hitRounds.map((f, i) => (f.rps / baselineRounds[i]!.rps).toFixed(2)).join(", ")}`);
  console.log(`per-round key lookup/baseline throughput: ${keyRounds.map((f, i) => (f.rps / baselineRounds[i]!.rps).toFixed(2)).join(", ")}`);
  const throughputRatio = hit.rps / baseline.rps;
  const p99Ratio = hit.p99 / Math.max(1, baseline.p99);
  const compareP99Ratio = compared.p99 / Math.max(1, baseline.p99);
  const keyThroughputRatio = keyHit.rps / baseline.rps;
  const keyP99Ratio = keyHit.p99 / Math.max(1, baseline.p99);
  const checks = [
    [`upstream getItems calls for a compare of 10 cold ASINs: ${coldCompareCalls} (target 1)`, coldCompareCalls === 1],
    [`compare-of-10 p99 ${compared.p99} ms vs baseline p99 ${baseline.p99} ms: ${compareP99Ratio.toFixed(2)}x (target <= 3.00)`, compareP99Ratio <= 3],
    [`cached/baseline throughput ${throughputRatio.toFixed(2)} (target >= 0.80)`, throughputRatio >= 0.8],
    [`cached/baseline p99 ${p99Ratio.toFixed(2)} (target <= 2.00)`, p99Ratio <= 2],
    [`key lookup/baseline throughput ${keyThroughputRatio.toFixed(2)} (target >= 0.80)`, keyThroughputRatio >= 0.8],
    [`key lookup/baseline p99 ${keyP99Ratio.toFixed(2)} (target <= 2.00)`, keyP99Ratio <= 2],
    [`upstream getItems calls for ${COLD_CONCURRENCY} concurrent cold lookups: ${coldCalls} (target 1)`, coldCalls === 1],
    [`errors and non-2xx answers: ${[baseline, hit, keyHit, compared, burst].reduce((n, f) => n + f.errors + f.non2xx, 0)} (target 0)`,
      [baseline, hit, keyHit, compared, burst].every((f) => f.errors + f.non2xx === 0)],
  ] as const;
  for (const [text, ok] of checks) console.log(`${ok ? "PASS" : "MISS"}  ${text}`);
  const firstLoad = firstLoadJs(readFileSync("dist/index.html", "utf8"), (file) => readFileSync(`dist/${file}`));
  console.log(`first-load JS for /: ${formatKilobytes(firstLoad.gzipBytes)} gzip`);
} finally {
  await app.stop();
  await upstream.close();
}
