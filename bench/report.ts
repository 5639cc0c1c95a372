/** The issue-29 table `npm run bench` ends with: each phase's figure, its goal, PASS or MISS. */

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Requests answered in the phase. */
  requests: number;
  /** CPU time of the Worker's process per request, in µs, when measured (bench/process-cpu.ts). */
  cpuUs?: number;
  /** The same of wrangler's proxy in front of it. */
  proxyCpuUs?: number;
}

export interface TableRow {
  phase: string;
  figure: string;
  goal: string;
  pass: boolean;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One phase's figures over its rounds: median rate and latencies, summed failures. */
export function combine(rounds: Figures[]): Figures {
  return {
    name: rounds[0]!.name,
    rps: median(rounds.map((f) => f.rps)),
    p50: median(rounds.map((f) => f.p50)),
    p99: median(rounds.map((f) => f.p99)),
    non2xx: rounds.reduce((n, f) => n + f.non2xx, 0),
    errors: rounds.reduce((n, f) => n + f.errors, 0),
    requests: rounds.reduce((n, f) => n + f.requests, 0),
    ...(rounds.every((f) => f.cpuUs !== undefined) ? { cpuUs: median(rounds.map((f) => f.cpuUs!)) } : {}),
    ...(rounds.every((f) => f.proxyCpuUs !== undefined) ? { proxyCpuUs: median(rounds.map((f) => f.proxyCpuUs!)) } : {}),
  };
}

/** A latency phase against an absolute p99 goal (ms). */
export function latencyRow(phase: string, f: Figures, goalMs: number): TableRow {
  const failed = f.errors + f.non2xx;
  return {
    phase,
    figure: `p50 ${f.p50} ms, p99 ${f.p99} ms, ${Math.round(f.rps)} req/s${failed ? `, ${failed} failed` : ""}`,
    goal: `p99 <= ${goalMs} ms`,
    pass: f.p99 <= goalMs && failed === 0,
  };
}

/** What a process spent per request in each, when both were measured: "1,180 µs vs 1,060 µs (+11 %)". */
function comparison(spent: number | undefined, baseline: number | undefined): string {
  if (spent === undefined || baseline === undefined) return "";
  const more = Math.round((spent / baseline - 1) * 100);
  return `${Math.round(spent).toLocaleString("en")} µs vs ${Math.round(baseline).toLocaleString("en")} µs (${more >= 0 ? "+" : ""}${more} %)`;
}

/** The Worker's CPU a request against the baseline's, and wrangler's proxy's when measured. */
export function cpuComparison(f: Figures, baseline: Figures): string {
  const worker = comparison(f.cpuUs, baseline.cpuUs);
  const proxy = comparison(f.proxyCpuUs, baseline.proxyCpuUs);
  return proxy ? `${worker}, wrangler's proxy ${proxy}` : worker;
}

/** A phase against the same run's baseline: throughput ratio (optional goal) and p99 ratio. */
export function ratioRow(phase: string, f: Figures, baseline: Figures, goal: { throughput?: number; p99: number }): TableRow {
  const throughput = f.rps / baseline.rps;
  const p99 = f.p99 / Math.max(1, baseline.p99);
  const failed = f.errors + f.non2xx;
  // A ratio that rounds to its goal is printed to three places, so a MISS never reads as the goal itself.
  const digits = goal.throughput !== undefined && throughput.toFixed(2) === goal.throughput.toFixed(2) ? 3 : 2;
  return {
    phase,
    figure: `${throughput.toFixed(digits)}x throughput, p99 ${f.p99} ms vs ${baseline.p99} ms: ${p99.toFixed(2)}x${failed ? `, ${failed} failed` : ""}`,
    goal: `${goal.throughput === undefined ? "" : `>= ${goal.throughput.toFixed(2)}x, `}p99 <= ${goal.p99.toFixed(2)}x`,
    pass: (goal.throughput === undefined || throughput >= goal.throughput) && p99 <= goal.p99 && failed === 0,
  };
}

export function printTable(rows: TableRow[]): void {
  console.table(rows.map((row) => ({ phase: row.phase, figure: row.figure, goal: row.goal, result: row.pass ? "PASS" : "MISS" })));
  for (const row of rows) console.log(`${row.pass ? "PASS" : "MISS"}  ${row.phase}: ${row.figure} (goal ${row.goal})`);
}
