import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { buildServices } from "../../../worker/services";
import { runRetention } from "../../../worker/jobs/retention/retention";
import { emailEnv, invitationTokenOf, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";
import { recordingD1 } from "../support/recording-d1";

/** Workspaces end to end over HTTP: invite, accept, roles, the last owner, keys, switching, audit. */

/**
 * A signed-in owner of a new workspace, Acme Agency, on the Agency plan (25 members; a new
 * workspace starts on Free, which has no seat beyond the owner's). One address signs in at
 * most 5 times an hour.
 */
async function agency(ownerEmail = "owner@acme.example") {
  const { bindings, sent } = emailEnv();
  const owner = new TestBrowser(bindings);
  await signInByEmail(owner, sent, ownerEmail);
  const created = await owner.json("/api/workspaces", "POST", { name: "Acme Agency" });
  expect(created.status, await created.clone().text()).toBe(201);
  const workspaceId = (await created.json<WorkspaceList>()).current.id;
  await subscribeWorkspace(workspaceId, "agency");
  return { bindings, sent, owner, workspaceId };
}

async function invite(owner: TestBrowser, email: string, role: string) {
  const res = await owner.json("/api/workspaces/invitations", "POST", { email, role });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<{ id: string; expiresAt: string; invitedAt: string }>();
}

describe("/api/workspaces: members and invitations", () => {
  it("an owner invites an analyst by email; the analyst accepts with that address and works on the owner's data, within the analyst's role", async () => {
    const { bindings, sent, owner, workspaceId } = await agency();
    expect((await owner.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" })).status).toBe(201);

    const invitation = await invite(owner, "ana@example.com", "analyst");
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.invitedAt)).toBe(7 * 24 * 3600 * 1000);
    const mail = sent.find((m) => m.to === "ana@example.com")!;
    expect(mail.subject).toBe("Join Acme Agency on RankLayer");
    expect(mail.text).toContain("owner@acme.example invited you to join Acme Agency on RankLayer as an analyst.");
    expect(mail.text).toContain("https://app.ranklayer.example/invite?token=");
    // Only the token's hash is stored.
    const token = invitationTokenOf(sent, "ana@example.com");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspace_invitations WHERE token_hash = ?").bind(token).first("n")).toBe(0);

    const analyst = new TestBrowser(bindings);
    await signInByEmail(analyst, sent, "ana@example.com");
    const accepted = await analyst.json("/api/workspaces/invitations/accept", "POST", { token });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    expect(await accepted.json()).toMatchObject({ workspaceId, workspaceName: "Acme Agency", role: "analyst" });

    const list = await (await analyst.request("/api/workspaces")).json<WorkspaceList>();
    expect(list.current).toMatchObject({ id: workspaceId, name: "Acme Agency", role: "analyst", personal: false, permissions: ["read", "track"], deletable: false });
    expect(list.workspaces.map((w) => w.name)).toEqual(["ana@example.com", "Acme Agency"]);
    expect((await (await analyst.request("/api/watchlist")).json<{ items: { asin: string }[] }>()).items.map((i) => i.asin)).toEqual(["B08N5WRWNW"]);

    // Billing, the connection and the team are not the analyst's to change: 403 with a reason.
    for (const [path, method] of [["/api/billing/create-checkout", "POST"], ["/api/connection", "DELETE"], ["/api/workspaces/invitations", "GET"], ["/api/workspaces/audit", "GET"]] as const) {
      const res = await analyst.request(path, { method });
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toMatchObject({ code: "forbidden", detail: expect.stringContaining("Your role in Acme Agency (analyst)") });
    }

    // The link works once.
    expect((await analyst.json("/api/workspaces/invitations/accept", "POST", { token })).status).toBe(409);

    // Switching to the personal workspace shows its own (empty) data; switching back, the agency's.
    const personal = list.workspaces.find((w) => w.personal)!;
    expect((await analyst.json("/api/workspaces/switch", "POST", { workspaceId: personal.id })).status).toBe(200);
    expect((await (await analyst.request("/api/watchlist")).json<{ items: unknown[] }>()).items).toEqual([]);
    expect((await analyst.json("/api/workspaces/switch", "POST", { workspaceId })).status).toBe(200);
    expect((await (await analyst.request("/api/watchlist")).json<{ items: unknown[] }>()).items).toHaveLength(1);
    // Nobody switches into a workspace they are not in.
    expect((await analyst.json("/api/workspaces/switch", "POST", { workspaceId: await userIdOf("owner@acme.example") })).status).toBe(404);
  });

  it("accepts an invitation only for the invited address, before it expires, and not once withdrawn", async () => {
    const { bindings, sent, owner } = await agency();
    await invite(owner, "bea@example.com", "viewer");
    const token = invitationTokenOf(sent, "bea@example.com");
    const eve = new TestBrowser(bindings);
    await signInByEmail(eve, sent, "eve@example.com");
    const wrong = await eve.json("/api/workspaces/invitations/accept", "POST", { token });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: "forbidden", detail: expect.stringContaining("another email address") });

    const second = await invite(owner, "eve@example.com", "viewer");
    expect((await owner.request(`/api/workspaces/invitations/${second.id}`, { method: "DELETE" })).status).toBe(204);
    const withdrawn = await eve.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "eve@example.com") });
    expect(withdrawn.status).toBe(410);
    expect(await withdrawn.json()).toMatchObject({ code: "gone" });

    await invite(owner, "eve@example.com", "viewer");
    await env.DB.prepare("UPDATE workspace_invitations SET expires_at = '2020-01-01T00:00:00.000Z' WHERE email = 'eve@example.com' AND revoked_at IS NULL").run();
    expect((await eve.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "eve@example.com") })).status).toBe(410);
    expect((await eve.json("/api/workspaces/invitations/accept", "POST", { token: "x".repeat(43) })).status).toBe(404);
    const open = await (await owner.request("/api/workspaces/invitations")).json<{ invitations: { email: string }[] }>();
    expect(open.invitations.map((i) => i.email)).toEqual(["bea@example.com"]);
  });

  it("keeps an owner: the last one cannot leave, be demoted or removed, or delete their account while others are members", async () => {
    const { bindings, sent, owner, workspaceId } = await agency();
    await invite(owner, "adm@example.com", "admin");
    const admin = new TestBrowser(bindings);
    await signInByEmail(admin, sent, "adm@example.com");
    expect((await admin.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "adm@example.com") })).status).toBe(200);
    const ownerId = await userIdOf("owner@acme.example");
    const adminId = await userIdOf("adm@example.com");

    const leave = await owner.request("/api/workspaces/leave", { method: "POST" });
    expect(leave.status).toBe(409);
    expect(await leave.json()).toMatchObject({ code: "conflict", detail: expect.stringContaining("last owner") });
    expect((await owner.json(`/api/workspaces/members/${ownerId}`, "PATCH", { role: "admin" })).status).toBe(409);
    // An admin manages members below owner, never an owner.
    expect((await admin.json(`/api/workspaces/members/${ownerId}`, "PATCH", { role: "viewer" })).status).toBe(403);
    expect((await admin.request(`/api/workspaces/members/${ownerId}`, { method: "DELETE" })).status).toBe(403);
    const deletion = await owner.json("/api/account", "DELETE", { confirm: "owner@acme.example" });
    expect(deletion.status).toBe(409);
    expect(await deletion.json()).toMatchObject({ detail: expect.stringContaining("last owner of Acme Agency") });

    // With a second owner, the first may step down and leave; the workspace and its data stay.
    expect((await owner.json(`/api/workspaces/members/${adminId}`, "PATCH", { role: "owner" })).status).toBe(200);
    const left = await owner.request("/api/workspaces/leave", { method: "POST" });
    expect(left.status).toBe(200);
    expect((await left.json<WorkspaceList>()).current.personal).toBe(true);
    const members = await (await admin.request("/api/workspaces/members")).json<{ members: { userId: string; role: string }[] }>();
    expect(members.members).toEqual([expect.objectContaining({ userId: adminId, role: "owner" })]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspaces WHERE id = ?").bind(workspaceId).first("n")).toBe(1);
  });

  it("an API key acts in its workspace with its maker's role and stops when the maker is removed; the audit log records it all", async () => {
    const { bindings, sent, owner, workspaceId } = await agency();
    // Enterprise, assigned by hand to the workspace: API keys are allowed.
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?, 'test')").bind(workspaceId).run();
    await owner.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" });
    await invite(owner, "keys@example.com", "admin");
    const admin = new TestBrowser(bindings);
    await signInByEmail(admin, sent, "keys@example.com");
    await admin.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "keys@example.com") });
    const created = await admin.json("/api/api-keys", "POST", { name: "CI" });
    expect(created.status, await created.clone().text()).toBe(201);
    const { key, apiKey } = await created.json<{ key: string; apiKey: { madeBy: unknown } }>();
    expect(apiKey.madeBy).toEqual({ email: "keys@example.com", role: "admin" });
    const adminId = await userIdOf("keys@example.com");
    expect(await env.DB.prepare("SELECT workspace_id, created_by FROM api_keys WHERE name = 'CI'").first()).toEqual({ workspace_id: workspaceId, created_by: adminId });

    const withKey = (path: string, init: RequestInit = {}) => new TestBrowser(bindings).request(path, { ...init, headers: { Authorization: `Bearer ${key}` } });
    const items = await (await withKey("/api/v1/watchlist")).json<{ items: { asin: string }[] }>();
    expect(items.items.map((i) => i.asin)).toEqual(["B08N5WRWNW"]);

    // Demoted to viewer, the maker's key may read but no longer change the watchlist.
    expect((await owner.json(`/api/workspaces/members/${adminId}`, "PATCH", { role: "viewer" })).status).toBe(200);
    const write = await withKey("/api/v1/watchlist", { method: "POST", body: JSON.stringify({ asin: "B000000002", marketplace: "US" }), headers: { "Content-Type": "application/json" } });
    expect([write.status, (await write.json<{ code: string }>()).code]).toEqual([403, "forbidden"]);
    // Settings → API Access names each key's maker and the role it now acts with.
    const listed = await (await owner.request("/api/api-keys")).json<{ keys: { name: string; madeBy: unknown }[] }>();
    expect(listed.keys.map((k) => [k.name, k.madeBy])).toEqual([["CI", { email: "keys@example.com", role: "viewer" }]]);
    // It reads the makers of the keys listed (one here), not every member of the workspace.
    const recorded = recordingD1(env.DB);
    const ownerBindings = owner.bindings;
    owner.bindings = { ...ownerBindings, DB: recorded.db };
    expect((await owner.request("/api/api-keys")).status).toBe(200);
    owner.bindings = ownerBindings;
    expect(recorded.queries.filter((query) => /from "workspace_members" left join "account_emails"/.test(query))).toEqual([expect.stringMatching(/"user_id" in \(\?\)/)]);

    expect((await owner.request(`/api/workspaces/members/${adminId}`, { method: "DELETE" })).status).toBe(204);
    const gone = await withKey("/api/v1/watchlist");
    expect(gone.status).toBe(401);
    expect(await env.DB.prepare("SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE name = 'CI'").first("revoked")).toBe(1);

    const audit = await (await owner.request("/api/workspaces/audit", { headers: { "CF-Connecting-IP": "203.0.113.9" } })).json<{ entries: { action: string; actorEmail: string | null; detail: Record<string, unknown> }[] }>();
    expect(audit.entries.map((e) => e.action)).toEqual(["member.remove", "member.role", "key.create", "member.join", "member.invite", "workspace.create"]);
    expect(audit.entries[0]).toMatchObject({ actorEmail: "owner@acme.example", detail: { role: "viewer", revokedKeys: 1 } });
    const page = await (await owner.request("/api/workspaces/audit?limit=2")).json<{ entries: unknown[]; next: string }>();
    expect(page.entries).toHaveLength(2);
    const rest = await (await owner.request(`/api/workspaces/audit?limit=10&before=${encodeURIComponent(page.next)}`)).json<{ entries: { action: string }[]; next: null }>();
    expect(rest.entries.map((e) => e.action)).toEqual(["key.create", "member.join", "member.invite", "workspace.create"]);
    expect((await owner.request("/api/workspaces/audit?before=nonsense")).status).toBe(422);

    const csv = await owner.request("/api/workspaces/audit.csv");
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    // (Response.text() drops the byte-order mark the builder puts first.)
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("time,actor_user_id,actor_email,action,target,detail,client_address");
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain(",member.remove,");
  });

  it("a member who deletes their account has the keys they made in a shared workspace revoked at once: refused, and off its key list", async () => {
    const { bindings, sent, owner, workspaceId } = await agency("lead@acme.example");
    await env.DB.prepare("INSERT INTO enterprise_assignments (workspace_id, note) VALUES (?, 'test')").bind(workspaceId).run();
    await invite(owner, "script-admin@example.com", "admin");
    const admin = new TestBrowser(bindings);
    await signInByEmail(admin, sent, "script-admin@example.com");
    await admin.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "script-admin@example.com") });
    const created = await admin.json("/api/api-keys", "POST", { name: "Admin's CI" });
    expect(created.status, await created.clone().text()).toBe(201);
    const { key } = await created.json<{ key: string }>();
    const withKey = (path: string) => new TestBrowser(bindings).request(path, { headers: { Authorization: `Bearer ${key}` } });
    expect((await withKey("/api/v1/watchlist")).status).toBe(200);

    expect((await admin.json("/api/account", "DELETE", { confirm: "script-admin@example.com" })).status).toBe(200);

    // At once, in this isolate too (it read the key a moment ago), as when a member leaves or is removed.
    expect((await withKey("/api/v1/watchlist")).status).toBe(401);
    const keys = await (await owner.request("/api/api-keys")).json<{ keys: { name: string }[] }>();
    expect(keys.keys.map((k) => k.name)).toEqual([]);
    expect(await env.DB.prepare("SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE workspace_id = ?").bind(workspaceId).first("revoked")).toBe(1);
  });

  it("the audit log names the members a change was about by address, and a deleted account as deleted, not as someone else", async () => {
    const { bindings, sent, owner } = await agency("names@acme.example");
    await invite(owner, "named@example.com", "analyst");
    const member = new TestBrowser(bindings);
    await signInByEmail(member, sent, "named@example.com");
    await member.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "named@example.com") });
    const memberId = await userIdOf("named@example.com");
    expect((await owner.json(`/api/workspaces/members/${memberId}`, "PATCH", { role: "viewer" })).status).toBe(200);
    type Entry = { action: string; actorUserId: string | null; actorEmail: string | null; actorDeleted: boolean; target: string | null; targetEmail: string | null };
    const entries = async () => (await (await owner.request("/api/workspaces/audit")).json<{ entries: Entry[] }>()).entries;
    expect((await entries())[0]).toMatchObject({ action: "member.role", actorEmail: "names@acme.example", actorDeleted: false, target: memberId, targetEmail: "named@example.com" });

    expect((await member.json("/api/account", "DELETE", { confirm: "named@example.com" })).status).toBe(200);
    const [deletion, ...earlier] = await entries();
    // The account is gone with its address: its entries say so, rather than read as an account without one.
    expect(deletion).toMatchObject({ action: "account.delete", actorUserId: memberId, actorEmail: null, actorDeleted: true });
    expect(earlier.find((e) => e.action === "member.join")).toMatchObject({ actorUserId: memberId, actorDeleted: true });
    expect(earlier.find((e) => e.action === "member.invite")).toMatchObject({ actorEmail: "names@acme.example", actorDeleted: false, targetEmail: null });
  });

  it("a member who deletes their account leaves the shared workspace as it was, with the deletion in its log", async () => {
    const { bindings, sent, owner, workspaceId } = await agency("boss@acme.example");
    await owner.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" });
    await invite(owner, "gone@example.com", "analyst");
    const member = new TestBrowser(bindings);
    await signInByEmail(member, sent, "gone@example.com");
    await member.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, "gone@example.com") });
    const memberId = await userIdOf("gone@example.com");
    const deleted = await member.json("/api/account", "DELETE", { confirm: "gone@example.com" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);

    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspaces WHERE id = ?").bind(memberId).first("n")).toBe(0);
    const members = await (await owner.request("/api/workspaces/members")).json<{ members: { email: string }[] }>();
    expect(members.members.map((m) => m.email)).toEqual(["boss@acme.example"]);
    expect((await (await owner.request("/api/watchlist")).json<{ items: unknown[] }>()).items).toHaveLength(1);
    const audit = await (await owner.request("/api/workspaces/audit")).json<{ entries: { action: string; actorUserId: string }[] }>();
    expect(audit.entries[0]).toMatchObject({ action: "account.delete", actorUserId: memberId });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM workspaces WHERE id = ?").bind(workspaceId).first("n")).toBe(1);
  });

  it("gives a session whose account has no workspace left a new personal one", async () => {
    const { bindings, sent } = emailEnv();
    const browser = new TestBrowser(bindings);
    await signInByEmail(browser, sent, "orphan@example.com");
    const id = await userIdOf("orphan@example.com");
    await env.DB.prepare("DELETE FROM workspaces WHERE id = ?").bind(id).run();
    const list = await (await browser.request("/api/workspaces")).json<WorkspaceList>();
    expect(list.current).toMatchObject({ id, name: "Personal", role: "owner", personal: true });
    expect((await browser.json("/api/watchlist", "POST", { asin: "B08N5WRWNW", marketplace: "US" })).status).toBe(201);
  });

  it("keeps audit entries one year: the retention job deletes older ones", async () => {
    const { owner, workspaceId } = await agency("retention@acme.example");
    const now = Date.now();
    const old = new Date(now - 366 * 24 * 3600 * 1000).toISOString();
    await env.DB.prepare("INSERT INTO audit_log (id, workspace_id, action, created_at) VALUES ('old', ?, 'member.invite', ?)").bind(workspaceId, old).run();
    const summary = await runRetention(buildServices(env), now, 5_000, { history: false });
    expect(summary.auditEntriesDeleted).toBe(1);
    const entries = (await (await owner.request("/api/workspaces/audit")).json<{ entries: { action: string }[] }>()).entries;
    expect(entries.map((e) => e.action)).toEqual(["workspace.create"]);
  });
});
