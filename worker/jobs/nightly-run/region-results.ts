import { CREATORS_REGIONS } from "../../shared/creators-regions";
import { saveRegionResults, type RegionRunResult } from "../../status/run-results-store";
import { MARKETPLACES, isMarketplace } from "../../contract/marketplaces";
import type { PhaseContext, RunNotes } from "./slice";


const noteKey = (day: string, region: string, what: "answered" | "failed") => `${day}:region:${region}:${what}`;

/** Counts a products batch's items for its marketplace's region (answered: found or known not to exist). */
export async function countRegionItems(ctx: Pick<PhaseContext, "day" | "notes">, marketplace: string, what: "answered" | "failed", by: number): Promise<void> {
  if (by === 0 || !isMarketplace(marketplace)) return;
  const key = noteKey(ctx.day, MARKETPLACES[marketplace].region, what);
  await ctx.notes.put(key, ((await ctx.notes.get(key)) ?? 0) + by);
}

/** A region's outcome from its counts: nothing failed is done, nothing answered is failed, else partial. */
export function regionStatus(answered: number, failed: number): RegionRunResult["status"] {
  if (failed === 0) return "done";
  return answered === 0 ? "failed" : "partial";
}

/** Each region's counts of the finished run `day`, written for /status. */
export async function recordRegionResults(db: D1Database, notes: RunNotes, day: string, finishedAt: string): Promise<RegionRunResult[]> {
  const results: RegionRunResult[] = [];
  for (const region of CREATORS_REGIONS) {
    const answered = (await notes.get(noteKey(day, region, "answered"))) ?? 0;
    const failed = (await notes.get(noteKey(day, region, "failed"))) ?? 0;
    if (answered + failed > 0) results.push({ region, status: regionStatus(answered, failed), answered, failed });
  }
  await saveRegionResults(db, day, finishedAt, results);
  return results;
}
