import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { SeatsView, TeamView, WorkspaceList } from "../../../worker/contract/workspaces";
import { acceptInvitation } from "../../../worker/workspaces/invitation-store";
import { emailEnv, invitationTokenOf, signInByEmail } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { changeSubscription, subscribeWorkspace } from "../support/workspace-plans";

/** The plan's member limit over HTTP: seats on invite (pending invitations included) and on accept. */

/** A signed-in owner of a new workspace "Seat Co" (on Free until a test subscribes it). */
async function workspace(ownerEmail: string) {
  const { bindings, sent } = emailEnv();
  const owner = new TestBrowser(bindings);
  await signInByEmail(owner, sent, ownerEmail);
  const created = await owner.json("/api/workspaces", "POST", { name: "Seat Co" });
  expect(created.status, await created.clone().text()).toBe(201);
  return { bindings, sent, owner, workspaceId: (await created.json<WorkspaceList>()).current.id };
}

const invite = (owner: TestBrowser, email: string, role = "analyst") => owner.json("/api/workspaces/invitations", "POST", { email, role });
const seatsOf = async (browser: TestBrowser): Promise<SeatsView> => (await (await browser.request("/api/workspaces/members")).json<TeamView>()).seats;
const openInvitations = async (owner: TestBrowser) =>
  (await (await owner.request("/api/workspaces/invitations")).json<{ invitations: { id: string; email: string }[] }>()).invitations.map((i) => i.email).sort();

async function joined(bindings: ReturnType<typeof emailEnv>["bindings"], sent: EmailMessageBuilder[], email: string) {
  const browser = new TestBrowser(bindings);
  await signInByEmail(browser, sent, email);
  return { browser, accept: () => browser.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, email) }) };
}

describe("the plan's member limit", () => {
  it("Free: the owner's seat only; an invitation is refused with 403 plan_limit, and nothing is sent or stored", async () => {
    const { sent, owner, workspaceId } = await workspace("free-owner@seats.example");
    expect(await seatsOf(owner)).toEqual({ members: 1, pending: 0, used: 1, limit: 1, planId: "free", planName: "Free" });
    const before = sent.length;
    const res = await invite(owner, "ana@seats.example");
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: "plan_limit",
      detail: "Your Free plan includes 1 team member, the owner, so this workspace cannot invite anyone. To work as a team, move to the Pro plan (3 team members) at /billing.",
    });
    expect(sent.length).toBe(before);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspace_invitations WHERE workspace_id = ?").bind(workspaceId).first("n")).toBe(0);
  });

  it("Pro: 3 seats, pending invitations included; inviting an address again takes no second seat; withdrawing one frees a seat", async () => {
    const { owner, workspaceId } = await workspace("pro-owner@seats.example");
    await subscribeWorkspace(workspaceId, "pro");
    expect((await invite(owner, "ana@seats.example")).status).toBe(201);
    expect((await invite(owner, "bo@seats.example", "viewer")).status).toBe(201);
    expect(await seatsOf(owner)).toEqual({ members: 1, pending: 2, used: 3, limit: 3, planId: "pro", planName: "Pro" });

    const full = await invite(owner, "cy@seats.example");
    expect(full.status).toBe(403);
    expect(await full.json()).toEqual({
      code: "plan_limit",
      detail: "Your Pro plan includes up to 3 team members, pending invitations included, and all 3 seats are taken (1 team member, 2 pending invitations). Withdraw an invitation or remove a member first, or move to the Agency plan (25 team members) at /billing.",
    });
    // A new link for someone already invited (another role, say) is no new seat.
    expect((await invite(owner, "ana@seats.example", "admin")).status).toBe(201);
    expect((await seatsOf(owner)).used).toBe(3);

    const { invitations } = await (await owner.request("/api/workspaces/invitations")).json<{ invitations: { id: string; email: string }[] }>();
    const bo = invitations.find((i) => i.email === "bo@seats.example")!;
    expect((await owner.request(`/api/workspaces/invitations/${bo.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await seatsOf(owner)).used).toBe(2);
    expect((await invite(owner, "cy@seats.example")).status).toBe(201);
    // An expired invitation holds no seat either.
    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = '2020-01-01T00:00:00.000Z' WHERE email = 'cy@seats.example'").run();
    expect(await seatsOf(owner)).toMatchObject({ pending: 1, used: 2 });
  });

  it("invitations sent at the same instant: exactly the free seats' worth pass; the rest get the same 403 plan_limit, and nothing is sent to them or stored", async () => {
    const { sent, owner, workspaceId } = await workspace("burst-owner@seats.example");
    await subscribeWorkspace(workspaceId, "pro");
    const emails = ["b1@seats.example", "b2@seats.example", "b3@seats.example", "b4@seats.example", "b5@seats.example"];

    const answers = await Promise.all(emails.map((email) => invite(owner, email)));

    const invited = emails.filter((_, i) => answers[i]!.status === 201);
    expect(invited).toHaveLength(2);
    expect(await openInvitations(owner)).toEqual(invited);
    for (const [i, res] of answers.entries()) {
      if (res.status === 201) continue;
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: "plan_limit",
        detail:
          "Your Pro plan includes up to 3 team members, pending invitations included, and all 3 seats are taken (1 team member, 2 pending invitations). Withdraw an invitation or remove a member first, or move to the Agency plan (25 team members) at /billing.",
      });
      expect(sent.filter((mail) => mail.to === emails[i])).toEqual([]);
    }
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspace_invitations WHERE workspace_id = ?").bind(workspaceId).first("n")).toBe(2);
    expect(await seatsOf(owner)).toMatchObject({ members: 1, pending: 2, used: 3, limit: 3 });
  });

  it("accept: refused with 403 plan_limit when the workspace is full (after a downgrade), the invitation stays open and works once a seat is free; nobody is removed", async () => {
    const { bindings, sent, owner, workspaceId } = await workspace("agency-owner@seats.example");
    const subscription = await subscribeWorkspace(workspaceId, "agency");
    for (const email of ["a1@seats.example", "a2@seats.example", "a3@seats.example"]) expect((await invite(owner, email)).status).toBe(201);
    // Agency → Pro (3 members): the three invitations were sent, but only two more people fit.
    await changeSubscription(subscription, "pro");
    const a1 = await joined(bindings, sent, "a1@seats.example");
    const a2 = await joined(bindings, sent, "a2@seats.example");
    const a3 = await joined(bindings, sent, "a3@seats.example");
    expect((await a1.accept()).status).toBe(200);
    expect((await a2.accept()).status).toBe(200);
    const refused = await a3.accept();
    expect(refused.status).toBe(403);
    const { detail, code } = await refused.json<{ detail: string; code: string }>();
    expect(code).toBe("plan_limit");
    expect(detail).toMatch(/^Seat Co is full: its Pro plan includes up to 3 team members\. Ask an owner to free a seat or upgrade the plan, then open this link again; it works until \d{4}-\d{2}-\d{2}\.$/);
    expect(await openInvitations(owner)).toEqual(["a3@seats.example"]);
    expect(await env.DB.prepare("SELECT accepted_at FROM workspace_invitations WHERE email = 'a3@seats.example'").first("accepted_at")).toBeNull();

    // Down to Free: the three members stay (used 3 of 1), and no one more is invited.
    await changeSubscription(subscription, "pro", "canceled");
    const members = await (await owner.request("/api/workspaces/members")).json<TeamView>();
    expect(members.members).toHaveLength(3);
    expect(members.seats).toMatchObject({ members: 3, pending: 1, used: 4, limit: 1, planId: "free" });
    expect((await (await a1.browser.request("/api/workspaces")).json<WorkspaceList>()).current).toMatchObject({ id: workspaceId, role: "analyst" });
    expect((await a3.accept()).status).toBe(403);

    // Back on Pro with a seat freed, the same link works.
    await changeSubscription(subscription, "pro");
    const a2Id = (await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = 'a2@seats.example'").first<string>("user_id"))!;
    expect((await owner.request(`/api/workspaces/members/${a2Id}`, { method: "DELETE" })).status).toBe(204);
    const accepted = await a3.accept();
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await accepted.json()).toMatchObject({ workspaceId, workspaceName: "Seat Co" });
    expect(await seatsOf(owner)).toMatchObject({ members: 3, pending: 0, used: 3, limit: 3 });
  });

  it("accept holds the limit in its own statement: a second accept racing for the last seat is refused and its invitation stays open", async () => {
    const { bindings, sent, owner, workspaceId } = await workspace("race-owner@seats.example");
    await subscribeWorkspace(workspaceId, "pro");
    await invite(owner, "r1@seats.example");
    await joined(bindings, sent, "r1@seats.example");
    const { id } = (await env.DB.prepare("SELECT id FROM workspace_invitations WHERE email = 'r1@seats.example'").first<{ id: string }>())!;
    const r1Id = (await env.DB.prepare("SELECT user_id FROM account_emails WHERE email = 'r1@seats.example'").first<string>("user_id"))!;
    // The route's check passed, then another accept took the last seat: here a limit of 1, the owner's.
    const now = new Date().toISOString();
    expect(await acceptInvitation(env.DB, id, r1Id, now, 1)).toBe(false);
    expect(await env.DB.prepare("SELECT accepted_at IS NULL AS open FROM workspace_invitations WHERE id = ?").bind(id).first("open")).toBe(1);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspace_members WHERE workspace_id = ?").bind(workspaceId).first("n")).toBe(1);
    expect(await acceptInvitation(env.DB, id, r1Id, now, 2)).toBe(true);
    expect(await env.DB.prepare("SELECT role FROM workspace_members WHERE workspace_id = ? AND user_id = ?").bind(workspaceId, r1Id).first("role")).toBe("analyst");
  });

  it("Enterprise has no limit; seats and the limit leave API keys and other routes alone", async () => {
    const { owner, workspaceId } = await workspace("ent-owner@seats.example");
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?, 'test')").bind(workspaceId).run();
    for (let i = 1; i <= 6; i++) expect((await invite(owner, `e${i}@seats.example`)).status).toBe(201);
    expect(await seatsOf(owner)).toEqual({ members: 1, pending: 6, used: 7, limit: null, planId: "enterprise", planName: "Enterprise" });
    const key = await owner.json("/api/api-keys", "POST", { name: "CI" });
    expect(key.status, await key.clone().text()).toBe(201);
    expect((await owner.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" })).status).toBe(201);

    // A full Pro workspace: keys, the watchlist and renaming still work; only a new seat is refused.
    await env.DB.prepare("DELETE FROM enterprise_assignments WHERE workspace_id = ?").bind(workspaceId).run();
    await subscribeWorkspace(workspaceId, "pro");
    expect((await seatsOf(owner)).used).toBeGreaterThan(3);
    expect((await owner.json("/api/api-keys", "POST", { name: "CI 2" })).status).toBe(201);
    expect((await owner.json("/api/watchlist", "POST", { asin: "B000000002", marketplace: "US" })).status).toBe(201);
    expect((await owner.json("/api/workspaces/current", "PATCH", { name: "Seat Co Renamed" })).status).toBe(200);
    expect((await invite(owner, "e7@seats.example")).status).toBe(403);
  });
});
