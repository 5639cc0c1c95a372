import { Hono, type Context } from "hono";
import * as z from "zod/mini";
import { planOfUser } from "../billing/user-plan";
import { FREE_PLAN, PRO_PLAN, type Plan } from "../contract/plans";
import type { AppEnv } from "../env";
import { isRefusal } from "../exports/dataset";
import { EXPORT_DATASETS } from "../exports/datasets";
import { tableToCsv } from "../exports/csv";
import { EXPORT_FORMATS, exportFileName } from "../exports/export-table";
import { PAPER_SIZES, tableToPdf } from "../exports/pdf";
import { validationDetails } from "../validation";

const formatSchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(", ")}` }),
  paper: z._default(z.enum(PAPER_SIZES, { error: `paper must be one of ${PAPER_SIZES.join(", ")}` }), "a4"),
});

async function planOf(c: Context<AppEnv>): Promise<Plan> {
  const account = c.get("account");
  return account ? planOfUser(c.env.DB, account.user) : FREE_PLAN;
}

/**
 * GET /api/exports/<dataset>?format=csv|pdf[&paper=a4|letter]&…: a dataset (see
 * exports/datasets) as a file. Free plans may take a few a day, counted once the request is
 * found valid and within the plan (a refused one costs nothing), before any data is read.
 */
export const exportRoutes = new Hono<AppEnv>().get("/:dataset", async (c) => {
  const name = c.req.param("dataset");
  const dataset = Object.hasOwn(EXPORT_DATASETS, name) ? EXPORT_DATASETS[name]! : undefined;
  if (!dataset) return c.json({ detail: `No export named ${name}. Try one of ${Object.keys(EXPORT_DATASETS).join(", ")}.` }, 404);
  const { format: rawFormat, paper: rawPaper, ...rest } = c.req.query();
  const options = formatSchema.safeParse({ format: rawFormat, paper: rawPaper });
  if (!options.success) return c.json({ detail: validationDetails("query", options.error) }, 422);
  const query = dataset.query.safeParse(rest);
  if (!query.success) return c.json({ detail: validationDetails("query", query.error) }, 422);

  const account = c.get("account");
  if (dataset.needsAccount && !account) {
    return c.json({ detail: "Sign in first: connect your Amazon seller account or continue with the demo." }, 401);
  }
  const plan = await planOf(c);
  c.header("Cache-Control", "private, no-store");
  const now = Date.now();
  const request = { c, plan, now };
  const refusal = dataset.refuse?.(request, query.data);
  if (refusal) return c.json({ detail: refusal.detail }, refusal.status);

  const quota = await c.var.services.quota.takeExport(c.req.raw, account, plan);
  if (quota) {
    c.header("RateLimit-Limit", String(quota.limit));
    c.header("RateLimit-Remaining", String(quota.remaining));
    c.header("RateLimit-Reset", String(quota.resetSeconds));
    if (!quota.allowed) {
      c.header("Retry-After", String(quota.resetSeconds));
      return c.json(
        {
          detail: `Your ${plan.name} plan includes ${quota.limit} exports a day (UTC); the next is available at ${quota.resetAt}. ${PRO_PLAN.name} exports without a daily limit.`,
        },
        429,
      );
    }
  }

  const table = await dataset.load(request, query.data);
  if (isRefusal(table)) return c.json({ detail: table.detail }, table.status);

  const fileName = exportFileName(table.fileStem, options.data.format, now);
  c.header("Content-Disposition", `attachment; filename="${fileName}"`);
  if (options.data.format === "csv") {
    c.header("Content-Type", "text/csv; charset=utf-8");
    return c.body(tableToCsv(table), 200);
  }
  c.header("Content-Type", "application/pdf");
  return c.body((await tableToPdf(table, options.data.paper, now)) as Uint8Array<ArrayBuffer>, 200);
});
