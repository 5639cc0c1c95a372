import { desc, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { nightlyRunRegions } from "../db/schema";
import { CREATORS_REGIONS, type CreatorsRegion } from "../shared/creators-regions";

/** One region's part of a finished nightly run: done (every item answered), partial, or failed (none). */
export interface RegionRunResult {
  region: CreatorsRegion;
  status: "done" | "partial" | "failed";
  answered: number;
  failed: number;
}

export async function saveRegionResults(db: D1Database, day: string, finishedAt: string, results: readonly RegionRunResult[]): Promise<void> {
  if (results.length === 0) return;
  await drizzle(db)
    .insert(nightlyRunRegions)
    .values(results.map((result) => ({ day, ...result, finishedAt })))
    .onConflictDoNothing();
}

/** The last finished run's regions, for /status. */
export async function lastRunRegions(db: D1Database): Promise<{ day: string; finishedAt: string; regions: RegionRunResult[] } | null> {
  const orm = drizzle(db);
  const [latest] = await orm.select({ day: nightlyRunRegions.day }).from(nightlyRunRegions).orderBy(desc(nightlyRunRegions.day)).limit(1);
  if (!latest) return null;
  const rows = await orm.select().from(nightlyRunRegions).where(eq(nightlyRunRegions.day, latest.day));
  return {
    day: latest.day,
    finishedAt: rows[0]!.finishedAt,
    regions: rows
      .sort((a, b) => CREATORS_REGIONS.indexOf(a.region as CreatorsRegion) - CREATORS_REGIONS.indexOf(b.region as CreatorsRegion))
      .map((row) => ({ region: row.region as CreatorsRegion, status: row.status as RegionRunResult["status"], answered: row.answered, failed: row.failed })),
  };
}
