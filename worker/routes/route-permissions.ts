import type { MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { Permission } from "../contract/workspaces";
import type { AppEnv } from "../env";
import { ApiError } from "../shared/api-error";
import { can, roleRefusal } from "../workspaces/roles";

/**
 * What every /api route needs of the caller's workspace role, by "METHOD /api/path" as Hono
 * matched it. `public`: anyone (the route checks sign-in itself where it needs it); `personal`:
 * the person's own account, not a workspace's data (sign-in methods, their workspaces list,
 * leaving, accepting an invitation). A route missing here is refused (403), and
 * test/worker/routes/route-permissions.test.ts fails until it is added.
 */
export type RouteAccess = Permission | "public" | "personal";

export const ROUTE_PERMISSIONS: Record<string, RouteAccess> = {
  "POST /api/billing/webhook": "public",
  "GET /api/health": "public",
  "GET /api/v1/lookup": "public",
  "GET /api/v1/compare/plan": "public",
  "GET /api/v1/compare": "public",
  "GET /api/v1/compare/marketplaces": "public",
  "GET /api/mock-images/:marketplace/:file": "public",
  "GET /api/history": "public",
  "GET /api/billing/plans": "public",
  "POST /api/contact": "public",
  "GET /api/status": "public",
  "GET /api/auth/xsrf": "public",
  "GET /api/auth/url": "public",
  "GET /api/auth/callback": "public",
  "POST /api/auth/demo": "public",
  "POST /api/signin/email": "public",
  "POST /api/signin/email/link": "public",
  "POST /api/signin/email/code": "public",
  "POST /api/signin/passkey/options": "public",
  "POST /api/signin/passkey": "public",
  "GET /api/reports/unsubscribe": "public",
  "POST /api/reports/unsubscribe": "public",
  "GET /api/openapi.json": "public",
  "GET /api/openapi-internal.json": "public",

  "POST /api/auth/logout": "personal",
  "GET /api/user/status": "personal",
  "GET /api/onboarding": "personal",
  "POST /api/onboarding": "personal",
  "GET /api/passkeys": "personal",
  "POST /api/passkeys/registration/options": "personal",
  "POST /api/passkeys/registration": "personal",
  "PATCH /api/passkeys/:id": "personal",
  "DELETE /api/passkeys/:id": "personal",
  "GET /api/account": "personal",
  "POST /api/account/email": "personal",
  "POST /api/account/email/code": "personal",
  "POST /api/account/sign-out-others": "personal",
  "GET /api/account/export": "personal",
  "DELETE /api/account": "personal",
  "POST /api/account/reverify/passkey": "personal",
  "POST /api/account/reverify/email": "personal",
  "POST /api/account/reverify/email/code": "personal",
  "GET /api/workspaces": "personal",
  "POST /api/workspaces": "personal",
  "POST /api/workspaces/switch": "personal",
  "POST /api/workspaces/leave": "personal",
  "POST /api/workspaces/invitations/accept": "personal",
  "POST /api/workspaces/invitations/preview": "personal",

  "GET /api/billing/subscription": "read",
  "GET /api/settings": "read",
  "GET /api/settings/channels": "read",
  "GET /api/sp/catalog-item": "read",
  "GET /api/watchlist": "read",
  "GET /api/alerts": "read",
  "GET /api/notifications": "read",
  "GET /api/notifications/unread-count": "read",
  "GET /api/dashboard": "read",
  "GET /api/dashboard/intraday": "read",
  "GET /api/dashboard/buy-box": "read",
  "GET /api/portfolio": "read",
  "GET /api/v1/history": "read",
  "GET /api/v1/watchlist": "read",
  "GET /api/v1/alerts": "read",
  "GET /api/v1/notifications": "read",
  "GET /api/v1/notifications/unread-count": "read",
  "GET /api/workspaces/members": "read",

  "POST /api/watchlist": "track",
  "POST /api/watchlist/samples": "track",
  "DELETE /api/watchlist/:marketplace/:asin": "track",
  "POST /api/alerts": "track",
  "PATCH /api/alerts/:id": "track",
  "DELETE /api/alerts/:id": "track",
  "POST /api/notifications/read-all": "track",
  "POST /api/notifications/:id/read": "track",
  "POST /api/dashboard/refresh": "track",
  "GET /api/exports/:dataset": "track",
  "POST /api/v1/watchlist": "track",
  "POST /api/v1/watchlist/samples": "track",
  "DELETE /api/v1/watchlist/:marketplace/:asin": "track",
  "POST /api/v1/alerts": "track",
  "PATCH /api/v1/alerts/:id": "track",
  "DELETE /api/v1/alerts/:id": "track",
  "POST /api/v1/notifications/read-all": "track",
  "POST /api/v1/notifications/:id/read": "track",

  "PUT /api/settings": "settings",
  "PUT /api/settings/channels": "settings",
  "POST /api/settings/webhook-secret": "settings",
  "POST /api/settings/webhook-test": "settings",
  "PATCH /api/workspaces/current": "settings",

  "DELETE /api/connection": "connections",
  "GET /api/connections": "read",
  "POST /api/connections/start": "connections",
  "POST /api/connections/:id/reconnect": "connections",
  "POST /api/connections/sample": "connections",
  "PATCH /api/connections/:id": "connections",
  "DELETE /api/connections/:id": "connections",

  "GET /api/api-keys": "keys",
  "POST /api/api-keys": "keys",
  "POST /api/api-keys/:id/rotate": "keys",
  "DELETE /api/api-keys/:id": "keys",

  "GET /api/workspaces/invitations": "members",
  "POST /api/workspaces/invitations": "members",
  "DELETE /api/workspaces/invitations/:id": "members",
  "PATCH /api/workspaces/members/:userId": "members",
  "DELETE /api/workspaces/members/:userId": "members",
  "GET /api/workspaces/audit": "members",
  "GET /api/workspaces/audit.csv": "members",

  "POST /api/billing/create-checkout": "billing",
  "GET /api/billing/portal": "billing",
  "POST /api/billing/demo/cancel": "billing",

  "DELETE /api/workspaces/current": "ownership",

  // Report branding and the weekly report's chosen recipients: read by every member, changed
  // by those who may change settings; the logo (for mail and PDFs) and the mailed links are public.
  "GET /api/branding": "read",
  "PUT /api/branding": "settings",
  "PUT /api/branding/logo": "settings",
  "DELETE /api/branding/logo": "settings",
  "GET /api/branding/logo/:logoId": "public",
  "GET /api/branding/recipients": "read",
  "POST /api/branding/recipients": "settings",
  "DELETE /api/branding/recipients/:email": "settings",
  "GET /api/branding/recipients/confirm": "public",
  "GET /api/branding/recipients/unsubscribe": "public",
  "POST /api/branding/recipients/unsubscribe": "public",
};

/**
 * The workspace a browser tab shows, sent by the web app with every call once it knows it. The
 * current workspace is the session's, so one browser's tabs share it: a tab left on workspace A
 * after another tab switched to B (or after its member was removed from A) would read B's data
 * under A's name and write to B what was meant for A. A workspace route refuses such a call.
 */
export const SHOWN_WORKSPACE_HEADER = "X-Workspace-Id";

let routePatterns: { method: string; path: RegExp }[] | undefined;

/**
 * The methods the API answers on a path ("/api/alerts/a1": ["DELETE", "PATCH"]), HEAD beside
 * GET; none for a path no route has. Built from ROUTE_PERMISSIONS, which names every route, on
 * the first request that needs it (a wrong method), not at start-up.
 */
export function allowedMethods(path: string): string[] {
  routePatterns ??= Object.keys(ROUTE_PERMISSIONS).map((key) => {
    const [method, pattern] = key.split(" ") as [string, string];
    return { method, path: new RegExp(`^${pattern.replace(/[.+?^$()[\]\\|]/g, "\\$&").replace(/:\w+/g, "[^/]+")}$`) };
  });
  const methods = new Set(routePatterns.filter((route) => route.path.test(path)).map((route) => route.method));
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}

/** The "METHOD /api/path" route of an operation ("get", "/alerts/{id}" as the OpenAPI documents name it under /api). */
export function routeKeyOfOperation(method: string, openApiPath: string): string {
  return `${method.toUpperCase()} /api${openApiPath.replace(/\{(\w+)\}/g, ":$1")}`;
}

/** Whether an operation ("get", "/alerts/{id}" as the OpenAPI documents name it under /api) acts on the current workspace's data. */
export function actsOnWorkspace(method: string, openApiPath: string): boolean {
  const access = ROUTE_PERMISSIONS[routeKeyOfOperation(method, openApiPath)];
  return access !== undefined && access !== "public" && access !== "personal";
}

/** The "METHOD /api/path" of the route that will answer this request; null when none will (404). */
export function routeKeyOf(routes: readonly { method: string; path: string }[]): string | null {
  const handler = routes.find((route) => route.method !== "ALL");
  return handler ? `${handler.method} ${handler.path}` : null;
}

/**
 * The one role check of the API: looks the matched route up in ROUTE_PERMISSIONS and refuses
 * (403) a signed-in caller, or an API key, whose role in the current workspace lacks it, and
 * (409) a session call from a tab that shows another workspace (SHOWN_WORKSPACE_HEADER).
 * Anonymous callers pass on to the route's own sign-in check (401).
 */
export const rolePermission: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = routeKeyOf(matchedRoutes(c));
  if (key === null) return next();
  const access = ROUTE_PERMISSIONS[key];
  if (access === undefined) throw new ApiError(403, "forbidden", `${key} has no role rule yet, so nobody may use it.`);
  const account = c.get("account");
  if (access === "public" || access === "personal" || !account) return next();
  const shown = c.req.header(SHOWN_WORKSPACE_HEADER);
  if (shown !== undefined && !c.get("apiKey") && shown !== account.workspace.id) {
    throw new ApiError(
      409,
      "workspace_changed",
      `This page shows another workspace than the one this browser now works in (${account.workspace.name}): it was switched in another tab, or your membership there ended. Nothing was changed. Reload the page to go on in ${account.workspace.name}.`,
    );
  }
  const { role, name } = account.workspace;
  if (!can(role, access)) {
    throw new ApiError(403, "forbidden", roleRefusal(name, role, access));
  }
  return next();
};
