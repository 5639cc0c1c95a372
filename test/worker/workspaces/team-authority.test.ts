import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { emailEnv, invitationTokenOf, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";

/**
 * Who may still act on the team: an invitation is only as good as its inviter's standing, and
 * the account whose personal workspace it is cannot be pushed out of it.
 */

async function invite(by: TestBrowser, email: string, role: string) {
  const res = await by.json("/api/workspaces/invitations", "POST", { email, role });
  expect(res.status, await res.clone().text()).toBe(201);
}

async function join(browser: TestBrowser, sent: EmailMessageBuilder[], email: string) {
  const res = await browser.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, email) });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** An owner of Acme Agency (Agency plan) and an admin who joined it. */
async function agencyWithAdmin() {
  const { bindings, sent } = emailEnv();
  const owner = new TestBrowser(bindings);
  await signInByEmail(owner, sent, "owner@acme.example");
  const created = await owner.json("/api/workspaces", "POST", { name: "Acme Agency" });
  const workspaceId = (await created.json<WorkspaceList>()).current.id;
  await subscribeWorkspace(workspaceId, "agency");
  await invite(owner, "adm@example.com", "admin");
  const admin = new TestBrowser(bindings);
  await signInByEmail(admin, sent, "adm@example.com");
  await join(admin, sent, "adm@example.com");
  return { bindings, sent, owner, admin, workspaceId, adminId: await userIdOf("adm@example.com") };
}

describe("/api/workspaces: an invitation needs an inviter who may still invite", () => {
  it("refuses the link of an admin who was removed before it was accepted, and leaves the workspace as it was", async () => {
    const { bindings, sent, owner, admin, workspaceId, adminId } = await agencyWithAdmin();
    // The admin, about to be removed, invites a second address of their own as an admin.
    await invite(admin, "adm.alt@example.com", "admin");
    expect((await owner.request(`/api/workspaces/members/${adminId}`, { method: "DELETE" })).status).toBe(204);

    const alt = new TestBrowser(bindings);
    await signInByEmail(alt, sent, "adm.alt@example.com");
    const res = await alt.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "adm.alt@example.com") });
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: "gone" });
    const altId = await userIdOf("adm.alt@example.com");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspace_members WHERE workspace_id = ? AND user_id = ?").bind(workspaceId, altId).first("n")).toBe(0);
    // Nor is it listed as open any more.
    const open = await (await owner.request("/api/workspaces/invitations")).json<{ invitations: { email: string }[] }>();
    expect(open.invitations.map((i) => i.email)).not.toContain("adm.alt@example.com");
  });

  it("refuses a still-open link whose inviter is no member any more (left before invitations were withdrawn with them, or deleted their account)", async () => {
    const { bindings, sent, admin, workspaceId, adminId } = await agencyWithAdmin();
    await invite(admin, "adm.alt@example.com", "analyst");
    await env.DB.prepare("DELETE FROM workspace_members WHERE workspace_id = ? AND user_id = ?").bind(workspaceId, adminId).run();
    const alt = new TestBrowser(bindings);
    await signInByEmail(alt, sent, "adm.alt@example.com");
    const res = await alt.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "adm.alt@example.com") });
    expect(res.status).toBe(410);
    expect(await res.json()).toMatchObject({ code: "gone", detail: expect.stringContaining("may no longer invite") });
  });

  it("refuses the link of an admin demoted to viewer, yet keeps an owner's link working after the owner stepped down to admin for a role below admin", async () => {
    const { bindings, sent, owner, admin, adminId } = await agencyWithAdmin();
    await invite(admin, "vic@example.com", "admin");
    expect((await owner.json(`/api/workspaces/members/${adminId}`, "PATCH", { role: "viewer" })).status).toBe(200);
    const vic = new TestBrowser(bindings);
    await signInByEmail(vic, sent, "vic@example.com");
    const refused = await vic.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "vic@example.com") });
    expect(refused.status).toBe(410);

    // An admin may invite an analyst: the link still works although its inviter is no owner now.
    const ownerId = await userIdOf("owner@acme.example");
    expect((await owner.json(`/api/workspaces/members/${adminId}`, "PATCH", { role: "owner" })).status).toBe(200);
    await invite(owner, "ana@example.com", "analyst");
    await invite(owner, "oli@example.com", "owner");
    expect((await admin.json(`/api/workspaces/members/${ownerId}`, "PATCH", { role: "admin" })).status).toBe(200);
    const ana = new TestBrowser(bindings);
    await signInByEmail(ana, sent, "ana@example.com");
    await join(ana, sent, "ana@example.com");
    // …but an owner's invitation of an owner dies when its inviter is no longer an owner.
    const oli = new TestBrowser(bindings);
    await signInByEmail(oli, sent, "oli@example.com");
    expect((await oli.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "oli@example.com") })).status).toBe(410);
  });
});

describe("/api/workspaces: an owner's invitation is the owners' to change", () => {
  it("an admin can neither replace nor withdraw an open invitation to be an owner; an owner can", async () => {
    const { owner, admin } = await agencyWithAdmin();
    await invite(owner, "co-owner@example.com", "owner");
    const openOf = async () => (await (await owner.request("/api/workspaces/invitations")).json<{ invitations: { id: string; email: string; role: string }[] }>()).invitations;
    const [ownerInvitation] = (await openOf()).filter((i) => i.email === "co-owner@example.com");

    const replaced = await admin.json("/api/workspaces/invitations", "POST", { email: "co-owner@example.com", role: "admin" });
    expect(replaced.status).toBe(403);
    expect(await replaced.json()).toEqual({ code: "forbidden", detail: "Only an owner can replace or withdraw an invitation to be an owner." });
    const withdrawn = await admin.request(`/api/workspaces/invitations/${ownerInvitation!.id}`, { method: "DELETE" });
    expect(withdrawn.status).toBe(403);
    expect((await openOf()).filter((i) => i.email === "co-owner@example.com").map((i) => i.role)).toEqual(["owner"]);

    // An admin still manages the invitations an admin may send.
    await invite(admin, "analyst@example.com", "analyst");
    const analystInvitation = (await openOf()).find((i) => i.email === "analyst@example.com")!;
    expect((await admin.request(`/api/workspaces/invitations/${analystInvitation.id}`, { method: "DELETE" })).status).toBe(204);
    // And the owner may withdraw the owner's invitation.
    expect((await owner.request(`/api/workspaces/invitations/${ownerInvitation!.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await openOf()).toEqual([]);
  });
});

describe("/api/workspaces: an inviter who deletes their account", () => {
  it("withdraws their open invitations with them, so the seats they held are free again", async () => {
    // Addresses of its own: the other tests of this file share agencyWithAdmin's accounts.
    const { bindings, sent } = emailEnv();
    const owner = new TestBrowser(bindings);
    await signInByEmail(owner, sent, "owner@leaving-inviter.example");
    const workspaceId = (await (await owner.json("/api/workspaces", "POST", { name: "Leaving Co" })).json<WorkspaceList>()).current.id;
    await subscribeWorkspace(workspaceId, "agency");
    await invite(owner, "adm@leaving-inviter.example", "admin");
    const admin = new TestBrowser(bindings);
    await signInByEmail(admin, sent, "adm@leaving-inviter.example");
    await join(admin, sent, "adm@leaving-inviter.example");
    await invite(admin, "pending.one@leaving-inviter.example", "analyst");
    const seatsOf = async () => (await (await owner.request("/api/workspaces/members")).json<{ seats: { pending: number } }>()).seats.pending;
    expect(await seatsOf()).toBe(1);

    const deleted = await admin.json("/api/account", "DELETE", { confirm: "adm@leaving-inviter.example" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await seatsOf()).toBe(0);
  });
});

describe("/api/workspaces: a personal workspace keeps its account", () => {
  it("a co-owner can neither remove nor demote the account whose personal workspace it is", async () => {
    const { bindings, sent } = emailEnv();
    const seller = new TestBrowser(bindings);
    await signInByEmail(seller, sent, "seller@example.com");
    const sellerId = await userIdOf("seller@example.com");
    await subscribeWorkspace(sellerId, "agency");
    await invite(seller, "partner@example.com", "owner");
    const partner = new TestBrowser(bindings);
    await signInByEmail(partner, sent, "partner@example.com");
    await join(partner, sent, "partner@example.com");

    const removed = await partner.request(`/api/workspaces/members/${sellerId}`, { method: "DELETE" });
    expect(removed.status).toBe(409);
    expect(await removed.json()).toMatchObject({ code: "conflict", detail: expect.stringContaining("personal workspace") });
    const demoted = await partner.json(`/api/workspaces/members/${sellerId}`, "PATCH", { role: "viewer" });
    expect(demoted.status).toBe(409);
    expect(await demoted.json()).toMatchObject({ code: "conflict", detail: expect.stringContaining("personal workspace") });
    const list = await (await seller.request("/api/workspaces")).json<WorkspaceList>();
    expect(list.current).toMatchObject({ id: sellerId, role: "owner", personal: true, deletable: false });
    // Nor is it the co-owner's to delete: the list says so, and the delete is refused.
    const partners = await (await partner.request("/api/workspaces")).json<WorkspaceList>();
    expect(partners.current).toMatchObject({ id: sellerId, role: "owner", personal: false, deletable: false });
    expect((await partner.request("/api/workspaces/current", { method: "DELETE" })).status).toBe(409);
  });
});

/** A member of `target`, methods bound to it (D1 objects keep private fields a proxy cannot reach). */
function ownMember(target: object, name: string | symbol): unknown {
  const value = Reflect.get(target, name, target) as unknown;
  return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/**
 * The database as one request sees it, with `meanwhile` run just before the owner count that
 * follows the route's role check: another request's change landing between check and write.
 */
function changedAfterRoleCheck(meanwhile: () => Promise<unknown>): D1Database {
  let done = false;
  return new Proxy(env.DB, {
    get(target, name) {
      if (name !== "prepare") return ownMember(target, name);
      return (query: string) => {
        const statement = target.prepare(query);
        if (done || !query.includes("role = 'owner'") || !query.startsWith("SELECT count(*)")) return statement;
        done = true;
        return new Proxy(statement, {
          get(stmt, key) {
            if (key !== "bind") return ownMember(stmt, key);
            return (...values: unknown[]) => {
              const bound = stmt.bind(...values);
              return { first: async <T>(column?: string) => (await meanwhile(), bound.first<T>(column as never)) };
            };
          },
        });
      };
    },
  });
}

describe("/api/workspaces: a role change lands only on the role it was checked against", () => {
  it("an admin's demotion or removal of an analyst made owner a moment ago is refused (409), and the new owner stays", async () => {
    const { bindings, sent, owner, admin, workspaceId } = await agencyWithAdmin();
    await invite(owner, "ana@example.com", "analyst");
    const ana = new TestBrowser(bindings);
    await signInByEmail(ana, sent, "ana@example.com");
    await join(ana, sent, "ana@example.com");
    const anaId = await userIdOf("ana@example.com");
    const roleOfAna = () => env.DB.prepare("SELECT role FROM workspace_members WHERE workspace_id = ? AND user_id = ?").bind(workspaceId, anaId).first("role");
    const promote = () => env.DB.prepare("UPDATE workspace_members SET role = 'owner' WHERE workspace_id = ? AND user_id = ?").bind(workspaceId, anaId).run();

    admin.bindings = { ...bindings, DB: changedAfterRoleCheck(promote) };
    const demoted = await admin.json(`/api/workspaces/members/${anaId}`, "PATCH", { role: "viewer" });
    expect(demoted.status).toBe(409);
    expect(await demoted.json()).toMatchObject({ code: "conflict", detail: expect.stringContaining("changed a moment ago") });
    expect(await roleOfAna()).toBe("owner");

    await env.DB.prepare("UPDATE workspace_members SET role = 'analyst' WHERE workspace_id = ? AND user_id = ?").bind(workspaceId, anaId).run();
    admin.bindings = { ...bindings, DB: changedAfterRoleCheck(promote) };
    const removed = await admin.request(`/api/workspaces/members/${anaId}`, { method: "DELETE" });
    expect(removed.status).toBe(409);
    expect(await roleOfAna()).toBe("owner");
  });
});
