import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { emailEnv, invitationTokenOf, signInByEmail, userIdOf } from "../support/email-accounts";
import { TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";

/** An Agency workspace with a member who joined by invitation, and the workspace mailing that member's own address. */
async function workspaceMailingMember(memberEmail: string) {
  const { bindings, sent } = emailEnv();
  const owner = new TestBrowser(bindings);
  await signInByEmail(owner, sent, `owner-of-${memberEmail}`);
  const workspaceId = (await (await owner.json("/api/workspaces", "POST", { name: "Acme Agency" })).json<WorkspaceList>()).current.id;
  await subscribeWorkspace(workspaceId, "agency");
  expect((await owner.json("/api/workspaces/invitations", "POST", { email: memberEmail, role: "analyst" })).status).toBe(201);
  const member = new TestBrowser(bindings);
  await signInByEmail(member, sent, memberEmail);
  expect((await member.json("/api/workspaces/invitations/accept", "POST", { token: invitationTokenOf(sent, memberEmail) })).status).toBe(200);
  await env.DB.prepare("INSERT INTO user_settings (workspace_id, alert_email) VALUES (?, ?) ON CONFLICT (workspace_id) DO UPDATE SET alert_email = excluded.alert_email")
    .bind(workspaceId, memberEmail)
    .run();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO report_recipients (workspace_id, email, token_hash, confirmed_at) VALUES (?, ?, ?, '2026-11-01T00:00:00.000Z')").bind(workspaceId, memberEmail, `hash-${crypto.randomUUID()}`),
    env.DB.prepare("INSERT INTO report_recipients (workspace_id, email, token_hash, confirmed_at) VALUES (?, 'client@example.com', ?, '2026-11-01T00:00:00.000Z')").bind(workspaceId, `hash-${crypto.randomUUID()}`),
  ]);
  return { owner, member, workspaceId, memberId: await userIdOf(memberEmail) };
}

const alertEmailOf = async (workspaceId: string) => (await env.DB.prepare("SELECT alert_email FROM user_settings WHERE workspace_id = ?").bind(workspaceId).first<{ alert_email: string | null }>())?.alert_email;
const recipientsOf = async (workspaceId: string) =>
  (await env.DB.prepare("SELECT email FROM report_recipients WHERE workspace_id = ? ORDER BY email").bind(workspaceId).all<{ email: string }>()).results.map((row) => row.email);

describe("a member who goes stops getting the workspace's mail", () => {
  it("removed: the alert email at their address is cleared and their report recipient goes; other recipients stay, and the audit says so", async () => {
    const { owner, workspaceId, memberId } = await workspaceMailingMember("leaving-analyst@example.com");
    expect((await owner.request(`/api/workspaces/members/${memberId}`, { method: "DELETE" })).status).toBe(204);
    expect(await alertEmailOf(workspaceId)).toBeNull();
    expect(await recipientsOf(workspaceId)).toEqual(["client@example.com"]);
    const { entries } = await (await owner.request("/api/workspaces/audit")).json<{ entries: { action: string; detail: unknown }[] }>();
    expect(entries.find((entry) => entry.action === "member.remove")?.detail).toMatchObject({ revokedKeys: 0, alertEmailCleared: true, reportRecipientsRemoved: 1 });
  });

  it("left on their own: the same", async () => {
    const { member, workspaceId } = await workspaceMailingMember("quitting-analyst@example.com");
    expect((await member.request("/api/workspaces/leave", { method: "POST" })).status).toBe(200);
    expect(await alertEmailOf(workspaceId)).toBeNull();
    expect(await recipientsOf(workspaceId)).toEqual(["client@example.com"]);
  });
});
