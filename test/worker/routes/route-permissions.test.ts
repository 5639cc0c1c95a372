import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { withLazyRoutes } from "../../../worker/routes/lazy-routes";
import { WORKSPACE_ROLES, type WorkspaceRole } from "../../../worker/contract/workspaces";
import { ROUTE_PERMISSIONS } from "../../../worker/routes/route-permissions";
import { can, roleRefusal } from "../../../worker/workspaces/roles";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";

/** Every route the app declares, its lazily loaded groups included. */
const { routes: declaredRoutes } = await withLazyRoutes(app);

/** Every /api route the app declares, as "METHOD /api/path". */
const declared = [...new Set(declaredRoutes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`))];

const PARAM_VALUES: Record<string, string> = { asin: "B08N5WRWNW", marketplace: "US" };
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => PARAM_VALUES[name] ?? "x");

describe("one role rule for every /api route", () => {
  it("lists every declared route in ROUTE_PERMISSIONS, and nothing else", () => {
    expect(declared.length).toBeGreaterThan(80);
    expect(declared.filter((key) => !(key in ROUTE_PERMISSIONS)), "routes without a role rule").toEqual([]);
    expect(Object.keys(ROUTE_PERMISSIONS).filter((key) => !declared.includes(key)), "rules for routes that do not exist").toEqual([]);
  });

  describe("each workspace route × each role: refused with 403 {detail, code} exactly when the role lacks the permission, saying so in words", () => {
    const browsers = {} as Record<WorkspaceRole, TestBrowser>;

    beforeAll(async () => {
      const { bindings, sent } = emailEnv();
      const owner = new TestBrowser(bindings);
      await signInByEmail(owner, sent, "walk-owner@example.com");
      const created = await owner.json("/api/workspaces", "POST", { name: "Walk Agency" });
      expect(created.status, await created.clone().text()).toBe(201);
      const workspaceId = (await created.json<{ current: { id: string } }>()).current.id;
      browsers.owner = owner;
      for (const role of ["admin", "analyst", "viewer"] as const) {
        const browser = new TestBrowser(bindings);
        const email = `walk-${role}@example.com`;
        await signInByEmail(browser, sent, email);
        const { user_id: userId } = (await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = ?").bind(email).first<{ user_id: string }>())!;
        await env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, ?)").bind(workspaceId, userId, role).run();
        const switched = await browser.json("/api/workspaces/switch", "POST", { workspaceId });
        expect(switched.status, await switched.clone().text()).toBe(200);
        browsers[role] = browser;
      }
    });

    // Deleting the workspace last: every other request of the owner still runs in it.
    const guarded = declared
      .filter((key) => ROUTE_PERMISSIONS[key] !== "public" && ROUTE_PERMISSIONS[key] !== "personal")
      .sort((a, b) => Number(a === "DELETE /api/workspaces/current") - Number(b === "DELETE /api/workspaces/current"));

    // The owner last: its walk ends by deleting the workspace the others act in.
    for (const role of [...WORKSPACE_ROLES].reverse()) {
      it(`${role}`, async () => {
        const verdicts: string[] = [];
        for (const key of guarded) {
          const [method, path] = key.split(" ") as [string, string];
          const permission = ROUTE_PERMISSIONS[key] as Parameters<typeof can>[1];
          const res = await browsers[role].request(concrete(path), method === "GET" ? { method } : { method, body: "{}" });
          const body = res.headers.get("Content-Type")?.includes("json") ? await res.json<{ detail?: unknown; code?: string }>() : {};
          const refusedByRole = res.status === 403 && body.code === "forbidden" && typeof body.detail === "string" && body.detail.startsWith("Your role");
          // The refusal says in words what the role may not do and whom to ask (an admin, for billing, is no one to ask).
          if (refusedByRole && body.detail !== roleRefusal("Walk Agency", role, permission)) verdicts.push(`${key}: refused as ${JSON.stringify(body.detail)}`);
          if (refusedByRole !== !can(role, permission)) verdicts.push(`${key} (${permission}): ${res.status} ${JSON.stringify(body)}`);
        }
        expect(verdicts, `${role}: routes whose answer does not match the role table`).toEqual([]);
      });
    }
  });
});

describe("a tab that shows another workspace than the session's (X-Workspace-Id)", () => {
  it("is refused with 409 workspace_changed on a workspace route, and nothing lands in the workspace the session switched to", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "two-tabs@example.com");
    const personal = (await (await browser.request("/api/workspaces")).json<{ current: { id: string } }>()).current.id;
    // Another tab creates (and so switches to) a second workspace.
    const created = await browser.json("/api/workspaces", "POST", { name: "Client B" });
    const clientB = (await created.json<{ current: { id: string } }>()).current.id;

    // The first tab still shows the personal workspace and adds an ASIN there.
    const shownPersonal = { "Content-Type": "application/json", "X-Workspace-Id": personal };
    const add = await browser.request("/api/watchlist", { method: "POST", headers: shownPersonal, body: JSON.stringify({ asin: "B08N5WRWNW", marketplace: "US" }) });
    expect(add.status).toBe(409);
    expect(await add.json()).toEqual({ code: "workspace_changed", detail: expect.stringContaining("Reload the page to go on in Client B") });
    const read = await browser.request("/api/watchlist", { headers: { "X-Workspace-Id": personal } });
    expect(read.status).toBe(409);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM watchlist WHERE workspace_id IN (?, ?)").bind(personal, clientB).first("n")).toBe(0);

    // The account's own routes still answer it (the tab can see where it is and switch back).
    expect((await browser.request("/api/workspaces", { headers: { "X-Workspace-Id": personal } })).status).toBe(200);
    const back = await browser.request("/api/workspaces/switch", { method: "POST", headers: shownPersonal, body: JSON.stringify({ workspaceId: personal }) });
    expect(back.status).toBe(200);
    // Back in the workspace it shows, the same call goes through; and a call without the header acts in the session's.
    expect((await browser.request("/api/watchlist", { method: "POST", headers: shownPersonal, body: JSON.stringify({ asin: "B08N5WRWNW", marketplace: "US" }) })).status).toBe(201);
    expect((await browser.json("/api/watchlist", "POST", { asin: "B07XJ8C8F5", marketplace: "US" })).status).toBe(201);
  });
});
