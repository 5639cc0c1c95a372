import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { changeSubscription, subscribeWorkspace } from "../support/workspace-plans";

/**
 * Each new workspace starts on Free with its own seller account, tracked ASINs and alerts, so
 * without a bound one account could connect any number of sellers on Free by making workspaces
 * (Agency bills per seller account). An account owns at most 3 Free workspaces, its personal one included.
 */
describe("POST /api/workspaces: Free workspaces one account owns", () => {
  it("refuses a fourth Free workspace with 403 plan_limit naming them, and allows one again once one is paid for", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "many-free@example.com");
    const ids: string[] = [];
    for (const name of ["Client A", "Client B"]) {
      const created = await browser.json("/api/workspaces", "POST", { name });
      expect(created.status, await created.clone().text()).toBe(201);
      ids.push((await created.json<WorkspaceList>()).current.id);
    }

    const refused = await browser.json("/api/workspaces", "POST", { name: "Client C" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "plan_limit",
      detail:
        "You already own 3 workspaces on the Free plan (many-free@example.com, Client A, Client B), the most one account may. Subscribe one of them on /billing, or delete one on /team, to create another.",
    });
    const list = await (await browser.request("/api/workspaces")).json<WorkspaceList>();
    expect(list.workspaces.map((w) => w.name)).not.toContain("Client C");

    // A paid workspace is not a Free one: the account may create another.
    await subscribeWorkspace(ids[0]!, "pro");
    expect((await browser.json("/api/workspaces", "POST", { name: "Client C" })).status).toBe(201);
  });

  it("counts a workspace as Free exactly when its plan is Free: an Enterprise one is not, a canceled subscription's is", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "mixed-plans@example.com");
    const create = (name: string) => browser.json("/api/workspaces", "POST", { name });
    const idOf = async (res: Response) => {
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json<WorkspaceList>()).current.id;
    };
    const enterprise = await idOf(await create("Contract"));
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?, 'test')").bind(enterprise).run();
    const lapsed = await idOf(await create("Lapsed"));
    const sub = await subscribeWorkspace(lapsed, "pro");
    // Personal (Free) and Contract (Enterprise) and Lapsed (Pro): room for one more Free workspace.
    await idOf(await create("Third"));

    await changeSubscription(sub, "pro", "canceled");
    const refused = await create("Fourth");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      code: "plan_limit",
      detail:
        "You already own 3 workspaces on the Free plan (mixed-plans@example.com, Lapsed, Third), the most one account may. Subscribe one of them on /billing, or delete one on /team, to create another.",
    });
  });
});
