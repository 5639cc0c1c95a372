import { createRoute } from "@hono/zod-openapi";
import { currentAccount } from "../auth/session-middleware";
import type { AuditEntryView } from "../contract/workspaces";
import { buildCsv } from "../exports/csv";
import { createRouter } from "../openapi/router";
import { ApiError } from "../shared/api-error";
import { listAudit, type AuditRow } from "../workspaces/audit-store";
import { badInput, errorAnswer, jsonAnswer, notSignedIn } from "./schemas/answers";
import { auditPageSchema, auditQuerySchema } from "./schemas/workspaces";

const tags = ["Workspaces"];
const forbidden = errorAnswer("Owners and admins only.");
/** The CSV holds the whole retained year, in pages of this many rows. */
const CSV_PAGE = 1000;
const CSV_MAX_ROWS = 50_000;

const shown = (row: AuditRow): AuditEntryView => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> });
const cursorOf = (row: AuditRow) => btoa(JSON.stringify([row.createdAt, row.id]));

function parseCursor(cursor: string | undefined): { createdAt: string; id: string } | null {
  if (!cursor) return null;
  try {
    const [createdAt, id] = JSON.parse(atob(cursor)) as unknown[];
    if (typeof createdAt === "string" && typeof id === "string") return { createdAt, id };
  } catch {
    // Falls through to the 422 below.
  }
  throw new ApiError(422, "validation_failed", [{ loc: ["query", "before"], msg: "Not a cursor from this list", type: "invalid_cursor" }]);
}

const router = createRouter();

/** The current workspace's audit log (mounted under /api/workspaces): owners and admins. */
export const workspaceAuditRoutes = router
  .openapi(
    createRoute({
      method: "get",
      path: "/audit",
      tags,
      summary: "Who did what in the workspace, newest first (kept one year)",
      request: { query: auditQuerySchema },
      responses: { 200: jsonAnswer("A page of entries.", auditPageSchema), 401: notSignedIn, 403: forbidden, 422: badInput },
    }),
    async (c) => {
      const { before, limit } = c.req.valid("query");
      const rows = await listAudit(c.env.DB, currentAccount(c).workspace.id, parseCursor(before), limit + 1);
      const page = rows.slice(0, limit);
      c.header("Cache-Control", "private, no-store");
      return c.json({ entries: page.map(shown), next: rows.length > limit ? cursorOf(page.at(-1)!) : null }, 200);
    },
  )
  .openapi(
    createRoute({
      method: "get",
      path: "/audit.csv",
      tags,
      summary: "The whole audit log as CSV",
      responses: { 200: { description: "CSV, newest first.", content: { "text/csv": { schema: { type: "string" } } } }, 401: notSignedIn, 403: forbidden },
    }),
    async (c) => {
      const { workspace } = currentAccount(c);
      const rows: AuditRow[] = [];
      for (let before: AuditRow | undefined; rows.length < CSV_MAX_ROWS; ) {
        const page = await listAudit(c.env.DB, workspace.id, before ? { createdAt: before.createdAt, id: before.id } : null, CSV_PAGE);
        rows.push(...page);
        if (page.length < CSV_PAGE) break;
        before = page.at(-1);
      }
      const csv = buildCsv(
        ["time", "actor_user_id", "actor_email", "action", "target", "detail", "client_address"],
        rows.map((r) => [r.createdAt, r.actorUserId, r.actorEmail, r.action, r.target, r.detail, r.clientAddress]),
      );
      return c.body(csv, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="ranklayer-audit-${new Date().toISOString().slice(0, 10)}.csv"`,
        "Cache-Control": "private, no-store",
      });
    },
  );
