import { createRoute } from "@hono/zod-openapi";
import * as z from "../openapi/zod";
import { FREE_PLAN, PRO_PLAN } from "../contract/plans";
import { utcMinuteText } from "../contract/time";
import { rateLimitFields } from "../contract/rate-limit-fields";
import { isRefusal, type ExportRefusal } from "../exports/dataset";
import { EXPORT_DATASETS } from "../exports/datasets";
import { tableToCsv } from "../exports/csv";
import { EXPORT_FORMATS, exportFileName, type ExportFormat } from "../exports/export-table";
import { PAPER_SIZES, type PaperSize } from "../exports/paper";
import { failure, KEY_OR_ANONYMOUS, rateLimitHeaders, retryAfter } from "../openapi/responses";
import { reportBrandingOf } from "../branding/report-branding";
import { createRouter } from "../openapi/router";
import { ApiError, type ErrorCode } from "../shared/api-error";
import { validationDetails } from "../validation";
import { callerPlan } from "./caller-plan";
import { SIGN_IN_FIRST } from "../auth/session-middleware";
import { headAnswer } from "../shared/head-answer";
import { countedByAddress } from "../ratelimit/lookup-limit";

const NAMES = Object.keys(EXPORT_DATASETS);
const CONTENT_TYPES: Record<ExportFormat, string> = { csv: "text/csv; charset=utf-8", pdf: "application/pdf" };

/** format and paper; every other parameter belongs to the dataset and is checked by its own schema. */
const formatQuerySchema = z
  .object({
    format: z
      .enum(EXPORT_FORMATS as [ExportFormat, ...ExportFormat[]], { error: `format must be one of ${EXPORT_FORMATS.join(", ")}` })
      .openapi({ example: "csv" }),
    paper: z
      .enum(PAPER_SIZES as [PaperSize, ...PaperSize[]], { error: `paper must be one of ${PAPER_SIZES.join(", ")}` })
      .default("a4")
      .openapi({ description: "PDF paper size; default a4." }),
  })
  .loose();

const route = createRoute({
  method: "get",
  path: "/{dataset}",
  operationId: "export",
  tags: ["Exports"],
  summary: "A dataset as a CSV or PDF file",
  description:
    "The dataset's own parameters: `compare` takes `asins` and `marketplace` (as GET /v1/compare); `history` takes `asin`, " +
    "`marketplace`, `range` and `days` (as GET /v1/history); `alerts` takes `connection` (one client's, as GET /api/alerts filters); `portfolio` takes `marketplace`, `range`, `connection` (one client; all by default), `brand` and `category` (as GET /api/portfolio). " +
    "A `compare` export takes one lookup per ASIN from the caller's lookup allowance, as GET /v1/compare does, except the ASINs its `receipt` names: " +
    "the `exportReceipt` of the caller's compare in the last hour (another caller's, an older or a changed one counts for nothing). " +
    `The Free plan takes ${FREE_PLAN.exportsPerDay} exports a day (UTC), counted once the request is found valid and within the plan, and given back when its data cannot be read; ` +
    "they are the account's, or the network address's (an IPv6 address's /64) when signed out or on a demo account. Pro exports without a daily limit.",
  security: KEY_OR_ANONYMOUS,
  request: {
    params: z.object({ dataset: z.string().openapi({ enum: NAMES, example: "alerts", description: `One of ${NAMES.join(", ")}.` }) }),
    query: formatQuerySchema,
  },
  responses: {
    200: {
      description: "The file, as an attachment (Content-Disposition).",
      headers: {
        ...rateLimitHeaders,
        // Declared so a client generated from the document reads the file name it should save as.
        "Content-Disposition": {
          description: "`attachment; filename=\"ranklayer-<dataset…>-<UTC day>.<csv|pdf>\"`. Not on a HEAD, which reads no data.",
          schema: { type: "string", example: 'attachment; filename="ranklayer-alerts-2026-11-28.csv"' },
        },
      },
      content: { "text/csv": { schema: z.string() }, "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    401: failure("The dataset reads the caller's own data (or a longer range): sign in or send a key."),
    403: failure("The plan does not allow this dataset's range, size or marketplace."),
    404: failure("No dataset of that name."),
    422: failure("Bad input: `detail` lists each bad value."),
    429: failure("The plan's daily exports are used up, or (compare) the lookups it needs are past the caller's lookup limit.", retryAfter),
    503: failure("The data behind the dataset is unavailable (for a compare: Amazon failed for every ASIN); the export is not counted.", retryAfter),
  },
});

/** The error code of each status a dataset may refuse with. */
const REFUSAL_CODES = {
  401: "unauthenticated",
  403: "plan_limit",
  404: "not_found",
  429: "rate_limited",
  503: "upstream_unavailable",
} as const satisfies Record<ExportRefusal["status"], ErrorCode>;

/**
 * GET /api/exports/<dataset>?format=csv|pdf[&paper=a4|letter]&…: a dataset (see
 * exports/datasets) as a file. Free plans may take a few a day, counted once the request is
 * found valid and within the plan (a refused one costs nothing), before any data is read; an
 * export whose data cannot be read (Amazon down, a fault of ours) is given back.
 */
export const exportRoutes = createRouter().openapi(route, async (c) => {
  const name = c.req.valid("param").dataset;
  const dataset = Object.hasOwn(EXPORT_DATASETS, name) ? EXPORT_DATASETS[name]! : undefined;
  if (!dataset) throw new ApiError(404, "not_found", `No export named ${name}. Try one of ${NAMES.join(", ")}.`);
  const { format, paper, ...rest } = c.req.valid("query");
  const query = dataset.query.safeParse(rest);
  if (!query.success) throw new ApiError(422, "validation_failed", validationDetails("query", query.error, rest));

  const account = c.get("account");
  if (dataset.needsAccount && !account) {
    throw new ApiError(401, "unauthenticated", SIGN_IN_FIRST);
  }
  const plan = await callerPlan(c);
  c.header("Cache-Control", "private, no-store");
  const now = Date.now();
  const request = { c, plan, now };
  const refusal = dataset.refuse?.(request, query.data);
  if (refusal) throw new ApiError(refusal.status, refusal.status === 401 ? "unauthenticated" : "plan_limit", refusal.detail);

  // A HEAD is told the file's type, not sent a file:
  // no data is read and no export is spent (Hono runs GET handlers for HEAD).
  if (c.req.method === "HEAD") return headAnswer(c, CONTENT_TYPES[format]);

  const quota = await c.get("services").quota.takeExport(c.req.raw, account, plan);
  if (quota) {
    for (const [name, value] of Object.entries(rateLimitFields(quota))) c.header(name, value);
    if (!quota.allowed) {
      throw new ApiError(
        429,
        "rate_limited",
        `Your ${plan.name} plan includes ${quota.limit} exports a day (UTC); the next is available at ${utcMinuteText(quota.resetAt)}. ${PRO_PLAN.name} exports without a daily limit.` +
          // Behind a shared address (an office, a mobile network) the day's exports may be someone else's.
          (countedByAddress(account) ? ` Signed out or on a demo account, exports are counted per network address; a free account has ${quota.limit} of its own.` : ""),
        { "Retry-After": String(quota.resetSeconds) },
      );
    }
  }

  try {
    const table = await dataset.load(request, query.data);
    if (isRefusal(table)) {
      throw new ApiError(table.status, REFUSAL_CODES[table.status], table.detail, table.retryAfterSeconds ? { "Retry-After": String(table.retryAfterSeconds) } : {});
    }
    const fileName = exportFileName(table.fileStem, format, now);
    c.header("Content-Disposition", `attachment; filename="${fileName}"`);
    c.header("Content-Type", CONTENT_TYPES[format]);
    if (format === "csv") return c.body(tableToCsv(table), 200);
    // pdf-lib (and the fonts it inflates) loads on the first PDF export, not at every cold start.
    const { tableToPdf } = await import("../exports/pdf");
    // A signed-in caller's PDF carries its workspace's branding.
    const branding = account ? await reportBrandingOf(c.env, account.workspace.id, c.get("services").config.siteOrigin) : null;
    return c.body((await tableToPdf(table, paper, now, branding)) as Uint8Array<ArrayBuffer>, 200);
  } catch (error) {
    // No file, no export spent: the caller may try again when the data is back.
    if (quota) {
      await c.get("services").quota.giveBackExport(c.req.raw, account, plan).then(
        () => c.header("RateLimit", rateLimitFields({ ...quota, remaining: quota.remaining + 1 }).RateLimit),
        (giveBackError: unknown) => console.error("export give-back failed", giveBackError),
      );
    }
    throw error;
  }
});
