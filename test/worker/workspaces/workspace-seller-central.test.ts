import { describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { insertConnection } from "../support/seller-connections";

/**
 * Seller Central without `?connection=`, and `connected` in the header's status, are about the
 * current workspace's seller account, not the member's own.
 */

const catalog = (browser: TestBrowser) => browser.request("/api/sp/catalog-item?asin=B08N5WRWNW&marketplace=US");

let owners = 0;

/** A new owner each time: one account owns at most 3 Free workspaces. */
async function sharedWorkspace() {
  const { bindings, sent } = emailEnv();
  const owner = new TestBrowser(bindings);
  await signInByEmail(owner, sent, `owner${++owners}@seller-central.example`);
  const created = await owner.json("/api/workspaces", "POST", { name: "Client Co" });
  expect(created.status, await created.clone().text()).toBe(201);
  return { owner, workspaceId: (await created.json<WorkspaceList>()).current.id };
}

describe("GET /api/sp/catalog-item in a shared workspace", () => {
  it("says the workspace has no seller account yet, instead of reading the member's own", async () => {
    const { owner } = await sharedWorkspace();
    const res = await catalog(owner);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      detail: "Client Co has no connected seller account. An owner or admin connects one in Settings → Connection Status.",
      code: "forbidden",
    });
  });

  it("reads the workspace's first seller account by default", async () => {
    const { owner, workspaceId } = await sharedWorkspace();
    await insertConnection({ id: `${workspaceId}-na`, workspaceId, sellingPartnerId: "CLIENT-CO-SELLER", region: "na", name: "Client Co US", status: "demo" });
    const res = await catalog(owner);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ asin: "B08N5WRWNW", source: "mock" });
  });

  it("says connected in the header's status when the current workspace has a seller account, whoever is signed in", async () => {
    const { owner, workspaceId } = await sharedWorkspace();
    const connected = async () => (await (await owner.request("/api/user/status")).json<{ connected: boolean }>()).connected;
    expect(await connected()).toBe(false);
    await insertConnection({ id: `${workspaceId}-na`, workspaceId, sellingPartnerId: "CLIENT-CO-SELLER", region: "na", name: "Client Co US", status: { grantedAt: new Date().toISOString() } });
    expect(await connected()).toBe(true);
    // Back in the owner's personal workspace, which has no seller account.
    const personal = (await (await owner.request("/api/workspaces")).json<WorkspaceList>()).workspaces.find((w) => w.personal)!;
    expect((await owner.json("/api/workspaces/switch", "POST", { workspaceId: personal.id })).status).toBe(200);
    expect(await connected()).toBe(false);
  });
});
