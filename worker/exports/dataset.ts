import type { Context } from "hono";
import type * as z from "zod";
import type { Plan } from "../contract/plans";
import type { AppEnv } from "../env";
import type { ExportTable } from "./export-table";

/** What a dataset's loader gets: the request (for env, account, ctx), the caller's plan and the time. */
export interface ExportRequest {
  c: Context<AppEnv>;
  plan: Plan;
  now: number;
}

/** A dataset that cannot be exported for this caller: a 4xx/503 with its `detail`. */
export interface ExportRefusal {
  status: 401 | 403 | 404 | 429 | 503;
  detail: string;
  /** A 429's or 503's Retry-After: when the allowance or the data behind it may be back. */
  retryAfterSeconds?: number;
}

/** Anything with zod's safeParse (the contract's classic zod schemas). */
export interface QuerySchema<Q> {
  safeParse(value: unknown): { success: true; data: Q } | { success: false; error: z.core.$ZodError };
}

/**
 * One exportable view, served at GET /api/exports/<name>?format=csv|pdf&… . Adding a dataset
 * is one module under datasets/ and one line in the registry (datasets/index.ts): the route,
 * the quota, the file name and both formats come for free.
 */
export interface ExportDataset<Q = unknown> {
  /** Its query parameters besides format and paper; bad ones answer 422 in the lookup's list shape. */
  query: QuerySchema<Q>;
  /** Whether it reads the caller's own data: anonymous callers then get 401. */
  needsAccount: boolean;
  /** Why this caller may not have it (plan limits), checked before the export is counted; null when allowed. */
  refuse?(request: ExportRequest, query: Q): ExportRefusal | null;
  load(request: ExportRequest, query: Q): Promise<ExportTable | ExportRefusal>;
}

export function isRefusal(value: ExportTable | ExportRefusal): value is ExportRefusal {
  return "status" in value;
}

/** A dataset with its query type erased, for the registry. */
export function dataset<Q>(definition: ExportDataset<Q>): ExportDataset {
  return definition as unknown as ExportDataset;
}
