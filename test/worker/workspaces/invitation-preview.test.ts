import { describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { emailEnv, invitationTokenOf, signInByEmail } from "../support/email-accounts";
import { connectSeller, registerLwaClient, TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";

/** /invite names the workspace and role before the person accepts (POST /api/workspaces/invitations/preview). */
describe("POST /api/workspaces/invitations/preview", () => {
  async function invited() {
    const { bindings, sent } = emailEnv();
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "owner@acme.example");
    const created = await owner.json("/api/workspaces", "POST", { name: "Acme Agency" });
    await subscribeWorkspace((await created.json<WorkspaceList>()).current.id, "agency");
    expect((await owner.json("/api/workspaces/invitations", "POST", { email: "ana@example.com", role: "analyst" })).status).toBe(201);
    return { bindings, sent, token: invitationTokenOf(sent, "ana@example.com") };
  }

  it("says the workspace, role and address, changes nothing, and says why another account could not accept", async () => {
    const { bindings, sent, token } = await invited();
    const ana = new TestBrowser(bindings);
    await signInByEmail(ana, sent, "ana@example.com");
    const preview = await ana.json("/api/workspaces/invitations/preview", "POST", { token });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toEqual({ workspaceName: "Acme Agency", role: "analyst", email: "ana@example.com", expiresAt: expect.any(String), problem: null, needsAddress: false });
    // Nothing was accepted: Ana is still only in her own workspace, and accepting still works.
    expect((await (await ana.request("/api/workspaces")).json<WorkspaceList>()).workspaces.map((w) => w.name)).toEqual(["ana@example.com"]);
    expect((await ana.json("/api/workspaces/invitations/accept", "POST", { token })).status).toBe(200);
    expect((await (await ana.json("/api/workspaces/invitations/preview", "POST", { token })).json<{ problem: string }>()).problem).toMatch(/accepted/i);

    const other = new TestBrowser(bindings);
    await signInByEmail(other, sent, "bob@example.com");
    const theirs = await (await other.json("/api/workspaces/invitations/preview", "POST", { token })).json<{ problem: string | null }>();
    expect(theirs.problem).not.toBeNull();
  });

  it("tells an account with no email address (Amazon sign-in only) to add the invited one, not to sign in with it, which would make a second account", async () => {
    const { bindings, token } = await invited();
    await registerLwaClient(bindings);
    const seller = new TestBrowser(bindings);
    await connectSeller(seller);
    const preview = await (await seller.json("/api/workspaces/invitations/preview", "POST", { token })).json<{ problem: string | null; needsAddress: boolean }>();
    expect(preview.needsAddress).toBe(true);
    expect(preview.problem).toMatch(/^This account has no email address.*Add the invited address in Settings → Account/);
    expect(preview.problem).toMatch(/would make a separate account/);
    const refused = await seller.json("/api/workspaces/invitations/accept", "POST", { token });
    expect(refused.status).toBe(403);
    expect((await refused.json<{ detail: string }>()).detail).toBe(preview.problem);
  });

  it("answers 404 for a token that is no invitation, and 401 signed out", async () => {
    const { bindings, sent, token } = await invited();
    const someone = new TestBrowser(bindings);
    await signInByEmail(someone, sent, "someone@example.com");
    const unknown = await someone.json("/api/workspaces/invitations/preview", "POST", { token: "x".repeat(43) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "not_found" });
    expect((await new TestBrowser(bindings).json("/api/workspaces/invitations/preview", "POST", { token })).status).toBe(401);
  });
});
