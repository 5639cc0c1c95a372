import { env } from "cloudflare:test";
import { vi } from "vitest";
import type { Bindings } from "../../../../worker/env";
import { runNightlySlice, type SliceOptions } from "../../../../worker/jobs/nightly-run/start";
import { buildServices } from "../../../../worker/services";
import type { Clock } from "../../../../worker/jobs/nightly-run/pacing";
import type { RunNotes } from "../../../../worker/jobs/nightly-run/slice";
import type { ItemOutcome, ProductSource } from "../../../../worker/upstreams/creators/product-source";
import type { Marketplace } from "../../../../worker/contract/marketplaces";
import { MockSellerApi } from "../../../../worker/upstreams/spapi/mock";
import { uniqueClient } from "../../support/creators-fake";
import { clearHistory } from "../../support/history-shards";

/** The snapshot job reads every tracked ASIN in D1, so each test starts from empty tables. */
export async function resetHistoryTables(): Promise<void> {
  await env.DB.batch(
    [
      "notification_deliveries",
      "alert_events",
      "watchlist",
      "alerts",
      "seller_snapshots",
      "job_runs",
      "sessions",
      "seller_connections",
      "user_settings",
      "users",
    ].map((table) =>
      env.DB.prepare(`DELETE FROM ${table}`),
    ),
  );
  await clearHistory();
}

/**
 * Before each test of a run that notes upstream trouble: empty tables, no attention left from
 * another test, and a quiet console (the run logs every step).
 */
export async function resetRunState(): Promise<void> {
  await resetHistoryTables();
  await env.DB.prepare("DELETE FROM upstream_attention").run();
  for (const level of ["log", "warn", "error"] as const) vi.spyOn(console, level).mockImplementation(() => {});
}

/** Each store's own partner tag, with the suffix Amazon gives that store (the fake checks it). */
export const STORE_TAGS = {
  CREATORS_US_PARTNER_TAG: "ranklayer-us-20",
  CREATORS_CA_PARTNER_TAG: "ranklayer-ca-20",
  CREATORS_MX_PARTNER_TAG: "ranklayer-mx-20",
  CREATORS_UK_PARTNER_TAG: "ranklayer-uk-21",
  CREATORS_DE_PARTNER_TAG: "ranklayer-de-21",
  CREATORS_FR_PARTNER_TAG: "ranklayer-fr-21",
  CREATORS_IT_PARTNER_TAG: "ranklayer-it-21",
  CREATORS_ES_PARTNER_TAG: "ranklayer-es-21",
  CREATORS_JP_PARTNER_TAG: "ranklayer-jp-22",
} as const;

/**
 * Bindings whose product source is the Creators API (answered by the fake), with its own client
 * id, at the default rate (the test config slows the rate down for the Durable Object tests).
 */
export function creatorsEnv(overrides: Partial<Bindings> = {}): Bindings {
  const clientId = uniqueClient();
  // Credentials are per region; one client id for all three keeps the fake's call log in one place.
  const region = (name: "NA" | "EU" | "FE") => ({
    [`CREATORS_${name}_CREDENTIAL_ID`]: clientId,
    [`CREATORS_${name}_CREDENTIAL_SECRET`]: "s3cret",
  });
  return {
    ...env,
    CREATORS_REQUESTS_PER_SECOND: "1",
    CREATORS_BURST: "1",
    SNAPSHOT_REQUESTS_PER_SECOND: "",
    CREATORS_CREDENTIAL_ID: clientId,
    ...region("NA"),
    ...region("EU"),
    ...region("FE"),
    ...STORE_TAGS,
    ...overrides,
  };
}

/**
 * Virtual time: sleeping advances it at once, so pacing is exact and tests never wait.
 * `onSleep` moves other clocks on with it (the fake SP-API's, see spApiTimeOf).
 */
export function virtualClock(start: number, onSleep?: (ms: number) => Promise<void>): Clock & { slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      // The other clocks move first: a call another task starts at the new time is never early for them.
      await onSleep?.(ms);
      slept.push(ms);
      now += ms;
    },
  };
}

/** More than a run of one call per slice takes for the few ASINs of a test. */
const MAX_SLICES = 200;

type RunToEndOptions = Omit<SliceOptions, "notes" | "clock"> & {
  clock: Clock;
  notes?: RunNotes;
  /** How many slices the run may take before the test fails (default MAX_SLICES). */
  maxSlices?: number;
  /** Called after each slice, before the clock waits for the next. */
  afterSlice?: () => Promise<void>;
};

/**
 * Runs `day`'s nightly run slice after slice to its end, as the alarm chain would: `clock` waits
 * until each slice's resumeAt. Returns how many slices it took.
 */
export async function runSlicesToEnd(bindings: Bindings, day: string, options: RunToEndOptions): Promise<number> {
  const { maxSlices = MAX_SLICES, afterSlice, ...sliceOptions } = options;
  const notes = options.notes ?? memoryNotes();
  for (let slice = 1; slice <= maxSlices; slice++) {
    const result = await runNightlySlice(buildServices(bindings), day, { ...sliceOptions, notes });
    await afterSlice?.();
    if (result.status === "done") return slice;
    // The Durable Object's next alarm.
    if (result.resumeAt > options.clock.now()) await options.clock.sleep(result.resumeAt - options.clock.now());
  }
  throw new Error(`the nightly run of ${day} did not finish in ${maxSlices} slices`);
}

export function memoryNotes(): RunNotes & { values: Map<string, number> } {
  const values = new Map<string, number>();
  return {
    values,
    get: async (key) => values.get(key),
    put: async (key, value) => void values.set(key, value),
    delete: async (key) => values.delete(key),
  };
}

export interface RecordedCall {
  at: number;
  marketplace: string;
  asins: string[];
}

/** Wraps a source and notes when (by the job's clock) each getItems call started. */
export function recordingSource(source: ProductSource, clock: Clock): ProductSource & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  return {
    kind: source.kind,
    calls,
    getItems(asins: readonly string[], marketplace: Marketplace): Promise<Map<string, ItemOutcome>> {
      calls.push({ at: clock.now(), marketplace, asins: [...asins] });
      return source.getItems(asins, marketplace);
    },
  };
}

export async function insertUser(options: { id?: string; isDemo?: boolean; sellingPartnerId?: string } = {}): Promise<string> {
  const id = options.id ?? crypto.randomUUID();
  await env.DB.prepare("INSERT INTO users (id, selling_partner_id, is_demo) VALUES (?, ?, ?)")
    .bind(id, options.sellingPartnerId ?? `DEMO-${id}`, options.isDemo ? 1 : 0)
    .run();
  return id;
}

/** Watchlist rows in multi-row INSERTs (D1 binds at most 100 parameters per statement). */
export async function insertWatchlist(userId: string, keys: { marketplace: string; asin: string }[]): Promise<void> {
  const perStatement = 33;
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < keys.length; i += perStatement) {
    const chunk = keys.slice(i, i + perStatement);
    statements.push(
      env.DB.prepare(`INSERT INTO watchlist (workspace_id, asin, marketplace) VALUES ${chunk.map(() => "(?, ?, ?)").join(", ")}`).bind(
        ...chunk.flatMap((key) => [userId, key.asin, key.marketplace]),
      ),
    );
  }
  for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
}

export async function insertAlert(userId: string, key: { marketplace: string; asin: string }, paused = false): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO alerts (id, workspace_id, asin, marketplace, condition_type, threshold, paused) VALUES (?, ?, ?, ?, 'rank_above', 500, ?)",
  )
    .bind(crypto.randomUUID(), userId, key.asin, key.marketplace, paused ? 1 : 0)
    .run();
}

/** `count` distinct ten-character ASINs with a common prefix, in sort order. */
export function asinRange(prefix: string, count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(from + i).padStart(10 - prefix.length, "0")}`);
}

export async function count(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql).bind(...params).first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Virtual time for work done side by side (the seller walk's lanes): a sleep is a timer at
 * now + ms, and time jumps to the earliest timer only once the lanes have had a few real
 * milliseconds to do their I/O and reach their own sleeps. Two lanes sleeping 2 s each end
 * 2 s later, not 4 s, as they would on a real clock.
 */
export function concurrentClock(start: number, idleMs = 30): Clock {
  let now = start;
  const timers: { at: number; resolve: () => void }[] = [];
  let pending: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    pending = undefined;
    timers.sort((a, b) => a.at - b.at);
    const first = timers.shift();
    if (!first) return;
    now = Math.max(now, first.at);
    first.resolve();
    if (timers.length > 0) arm();
  };
  // Debounced: time moves only after idleMs without a new sleep, so a lane slow in its I/O is waited for.
  const arm = () => {
    if (pending !== undefined) clearTimeout(pending);
    pending = setTimeout(fire, idleMs);
  };
  return {
    now: () => now,
    sleep: (ms) =>
      ms <= 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            timers.push({ at: now + ms, resolve });
            arm();
          }),
  };
}

/** A mock seller whose answers state, per path, the x-amzn-RateLimit-Limit set in `stated` (none until set). */
export function sellerApiStating(stated: Map<string, number>): MockSellerApi & { rateLimitOf: (path: string) => number | undefined } {
  return Object.assign(new MockSellerApi("A1SELLER"), { rateLimitOf: (path: string) => stated.get(path) });
}
