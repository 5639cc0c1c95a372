import { planOfWorkspace } from "../../billing/user-plan";
import { captureNow } from "../../dashboard/refresh";
import { effectiveFrequency, isExtraRefreshHour, nextHourAt } from "../../dashboard/refresh-schedule";
import { extraRefreshUsers } from "../../dashboard/refresh-store";
import type { Bindings } from "../../env";
import { listTrackedAsins } from "../../history/watchlist-store";
import { refreshSourceFor } from "../../dashboard/refresh-source";
import type { ProductSource } from "../../upstreams/creators/product-source";
import { Pacer, realClock, type Clock } from "./pacing";
import { workspaceKind } from "./tracked-store";
import { sliceLimits } from "./slice";
import type { Services } from "../../services";

/**
 * One extra refresh (Pro's hourly or 6-hourly Data Refresh), run by the SnapshotRunner's alarm
 * after the day's nightly run is done: the tracked ASINs of every workspace due this UTC hour,
 * captured once each as an intraday point, within one slice's call budget and at the nightly
 * run's request rate, so it never takes more of the upstream than the nightly run may.
 */
export async function runExtraRefresh(
  services: Services,
  options: { clock?: Clock; source?: ProductSource } = {},
): Promise<{ users: number; captured: number; calls: number }> {
  const { env } = services;
  const clock = options.clock ?? realClock;
  const hour = new Date(clock.now()).getUTCHours();
  // A demo account's ASINs go to the sample-data source only, never the live upstream.
  const keysOf = { live: new Map<string, { asin: string; marketplace: string }>(), demo: new Map<string, { asin: string; marketplace: string }>() };
  let users = 0;
  // Settings are a workspace's: its id is a user's only for a personal workspace, so plan and demo-ness are the workspace's.
  for (const { userId: workspaceId, frequency } of await extraRefreshUsers(env.DB)) {
    const kind = await workspaceKind(env.DB, workspaceId);
    if (!kind || !isExtraRefreshHour(effectiveFrequency(frequency, await planOfWorkspace(env.DB, workspaceId)), hour)) continue;
    users += 1;
    const keys = kind === "demo" ? keysOf.demo : keysOf.live;
    for (const key of await listTrackedAsins(env.DB, workspaceId)) keys.set(`${key.marketplace}:${key.asin}`, key);
  }
  // An ASIN a paying workspace tracks too is captured live once: the same point serves the demo workspace.
  for (const key of keysOf.live.keys()) keysOf.demo.delete(key);
  if (keysOf.live.size + keysOf.demo.size === 0) return { users, captured: 0, calls: 0 };
  const limits = sliceLimits(services.config);
  const pacer = new Pacer(clock, 1000 / services.config.vars.SNAPSHOT_REQUESTS_PER_SECOND, clock.now() + limits.maxMs);
  const result = { captured: 0, calls: 0 };
  for (const isDemo of [false, true]) {
    const keys = [...(isDemo ? keysOf.demo : keysOf.live).values()];
    if (keys.length === 0) continue;
    const sourceFor = options.source ? () => options.source! : refreshSourceFor(services.sources, { isDemo });
    // One slice's calls in all: the demo capture gets what the live one left.
    const part = await captureNow(services, sourceFor, keys, clock.now(), limits.maxCalls - result.calls, () => pacer.take());
    result.captured += part.captured;
    result.calls += part.calls;
  }
  return { users, ...result };
}

/** When the runner should wake for the next extra refresh: the next hour, or null when nobody wants one. */
export async function nextExtraRefreshAt(env: Bindings, nowMs: number): Promise<number | null> {
  return (await extraRefreshUsers(env.DB)).length > 0 ? nextHourAt(nowMs) : null;
}
