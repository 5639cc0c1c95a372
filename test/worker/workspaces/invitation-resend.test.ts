import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { WorkspaceList } from "../../../worker/contract/workspaces";
import { fakeEmailBinding } from "../notifications/support";
import { emailEnv, signInByEmail } from "../support/email-accounts";
import { clearOfHourEnd } from "../support/minute-window";
import { TestBrowser } from "../support/seller-browser";
import { subscribeWorkspace } from "../support/workspace-plans";

/**
 * Inviting an address again: the newest invitation replaces the open ones (their links stop
 * working, the newest role wins), re-sends are limited to 3 an hour, and an invitation whose
 * email could not be sent is a 502 that stores nothing.
 */

type Invitation = { id: string; email: string; role: string };

/** Every invitation token mailed to `to`, oldest first. */
function tokensTo(sent: EmailMessageBuilder[], to: string): string[] {
  return sent
    .filter((m) => m.to === to && m.subject?.startsWith("Join "))
    .map((m) => decodeURIComponent(/\/invite\?token=(\S+)/.exec(m.text ?? "")![1]!));
}

/** A signed-in owner of "Acme Agency" on the Agency plan, and a signed-in invitee (each address signs in at most 5 times an hour). */
async function agency(ownerEmail = "owner@resend.example", inviteeEmail = "bea@resend.example") {
  const { bindings, sent } = emailEnv();
  const owner = new TestBrowser(bindings);
  await signInByEmail(owner, sent, ownerEmail);
  const created = await owner.json("/api/workspaces", "POST", { name: "Acme Agency" });
  expect(created.status, await created.clone().text()).toBe(201);
  const workspaceId = (await created.json<WorkspaceList>()).current.id;
  await subscribeWorkspace(workspaceId, "agency");
  const invitee = new TestBrowser(bindings);
  await signInByEmail(invitee, sent, inviteeEmail);
  return { bindings, sent, owner, invitee, workspaceId };
}

const invite = (owner: TestBrowser, role: string, email = "bea@resend.example") => owner.json("/api/workspaces/invitations", "POST", { email, role });
const accept = (browser: TestBrowser, token: string) => browser.json("/api/workspaces/invitations/accept", "POST", { token });
const openInvitations = async (owner: TestBrowser) => (await (await owner.request("/api/workspaces/invitations")).json<{ invitations: Invitation[] }>()).invitations;

describe("inviting an address again", () => {
  beforeEach(async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await clearOfHourEnd();
  }, 30_000);

  it("replaces its open invitation: the earlier link is gone, the newest role is the one accepted", async () => {
    const { sent, owner, invitee, workspaceId } = await agency();
    expect((await invite(owner, "admin")).status).toBe(201);
    const second = await invite(owner, "viewer");
    expect(second.status).toBe(201);
    const newest = await second.json<Invitation>();
    expect((await openInvitations(owner)).map((i) => [i.id, i.role])).toEqual([[newest.id, "viewer"]]);

    const [adminLink, viewerLink] = tokensTo(sent, "bea@resend.example");
    const old = await accept(invitee, adminLink!);
    expect(old.status).toBe(410);
    expect(await old.json()).toEqual({ code: "gone", detail: expect.stringContaining("replaced by a newer one") });
    expect((await accept(invitee, viewerLink!)).status).toBe(200);
    const role = await env.DB.prepare("SELECT m.role FROM workspace_members m JOIN account_emails e ON e.user_id = m.user_id WHERE m.workspace_id = ? AND e.email = ?")
      .bind(workspaceId, "bea@resend.example")
      .first("role");
    expect(role).toBe("viewer");
  });

  it("two invitations to one address sent at the same instant (a double click): the newer one stays open and its link works", async () => {
    const { sent, owner, invitee } = await agency("double@resend.example", "dee@resend.example");
    const answers = await Promise.all([invite(owner, "analyst", "dee@resend.example"), invite(owner, "viewer", "dee@resend.example")]);
    expect(answers.map((res) => res.status)).toEqual([201, 201]);

    // Each replaces only the address's earlier invitations, so they cannot withdraw each other.
    const open = await openInvitations(owner);
    expect(open).toHaveLength(1);
    const tokens = tokensTo(sent, "dee@resend.example");
    expect(tokens).toHaveLength(2);
    const accepted = [];
    for (const token of tokens) accepted.push((await accept(invitee, token)).status);
    expect(accepted.sort()).toEqual([200, 410]);
  });

  it("an address the email service refuses for good (suppressed after a bounce) is a 422 on the address: no invitation, no seat, and no \"try again in a minute\"", async () => {
    const { bindings, owner } = await agency("refused@resend.example", "eve@resend.example");
    owner.bindings = { ...bindings, ALERT_EMAIL: fakeEmailBinding(0, { "gone@resend.example": "E_RECIPIENT_SUPPRESSED" }).binding };
    const refused = await invite(owner, "analyst", "gone@resend.example");
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      code: "validation_failed",
      detail: [
        {
          loc: ["body", "email"],
          msg: "gone@resend.example cannot be sent email: an earlier email to it bounced or was marked as spam, so the email service no longer sends to it. Check the address, or use another one.",
          type: "email_refused",
        },
      ],
    });
    expect(await openInvitations(owner)).toEqual([]);
  });

  it("withdrawing the newest invitation leaves no older link live (the audit's admin-then-viewer case)", async () => {
    const { sent, owner, invitee } = await agency();
    await invite(owner, "admin");
    const newest = await (await invite(owner, "viewer")).json<Invitation>();
    expect((await owner.request(`/api/workspaces/invitations/${newest.id}`, { method: "DELETE" })).status).toBe(204);
    for (const token of tokensTo(sent, "bea@resend.example")) expect((await accept(invitee, token)).status).toBe(410);
    expect(await openInvitations(owner)).toEqual([]);
  });

  it("sends one address at most 3 invitations an hour: then 429 with Retry-After, and the newest stays open", async () => {
    const { sent, owner } = await agency();
    for (const role of ["analyst", "admin", "viewer"]) expect((await invite(owner, role)).status).toBe(201);
    const refused = await invite(owner, "admin");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: "rate_limited",
      detail: expect.stringMatching(/^bea@resend\.example was already invited 3 times this hour, the most one address may be; the newest invitation still works\. Nothing was changed; try again in \d+ minutes?\.$/),
    });
    expect(tokensTo(sent, "bea@resend.example")).toHaveLength(3);
    expect((await openInvitations(owner)).map((i) => i.role)).toEqual(["viewer"]);
    // Another address is not held up by it.
    expect((await invite(owner, "analyst", "cy@resend.example")).status).toBe(201);
  });

  it("an invitation whose email failed is a 502 with Retry-After: nothing stored, an earlier invitation still works, and failures are not counted", async () => {
    const { bindings, sent, owner, invitee } = await agency();
    expect((await invite(owner, "admin")).status).toBe(201);
    // From here the owner's next four sends fail.
    const flaky = fakeEmailBinding(4);
    owner.bindings = { ...bindings, ALERT_EMAIL: flaky.binding };

    const fresh = await invite(owner, "analyst", "cy@resend.example");
    expect(fresh.status).toBe(502);
    expect(fresh.headers.get("Retry-After")).toBe("60");
    expect(await fresh.json()).toEqual({
      code: "upstream_unavailable",
      detail: "The invitation email to cy@resend.example could not be sent just now, so no invitation was made. Try again in a minute.",
    });
    // Only bea's invitation holds a seat: none was stored for cy.
    expect((await (await owner.request("/api/workspaces/members")).json<{ seats: { pending: number } }>()).seats.pending).toBe(1);

    const resend = await invite(owner, "viewer");
    expect(resend.status).toBe(502);
    expect((await resend.json<{ detail: string }>()).detail).toBe(
      "The invitation email to bea@resend.example could not be sent just now, so no invitation was made and the earlier one still works. Try again in a minute.",
    );
    expect((await openInvitations(owner)).map((i) => [i.email, i.role])).toEqual([["bea@resend.example", "admin"]]);
    expect(await accept(invitee, tokensTo(sent, "bea@resend.example")[0]!)).toHaveProperty("status", 200);

    // Three failed sends to one address, then one that goes: past the 3 an hour only if failures counted.
    for (let i = 0; i < 2; i++) expect((await invite(owner, "analyst", "cy@resend.example")).status).toBe(502);
    expect((await invite(owner, "analyst", "cy@resend.example")).status).toBe(201);
    expect(flaky.sent.map((m) => m.to)).toEqual(["cy@resend.example"]);
  });

  it("an invitation the email service refused for our sending address is a 503 saying so: nothing stored, and not 'in a minute'", async () => {
    const { bindings, owner } = await agency("owner@sender-refused.example", "bea@sender-refused.example");
    // The operator set a sender on a domain the account has not onboarded.
    owner.bindings = { ...bindings, ALERT_EMAIL_FROM: "team@unboarded.example" };
    const refused = await invite(owner, "viewer", "cy@sender-refused.example");
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe("600");
    expect(await refused.json()).toEqual({ code: "upstream_unavailable", detail: expect.stringContaining("refuses our sending address, which is ours to put right (see /status)") });
    expect(await openInvitations(owner)).toEqual([]);
  });
});
