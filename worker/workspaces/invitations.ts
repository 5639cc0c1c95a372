import { INVITATION_DAYS, type WorkspaceRole } from "../contract/workspaces";
import { DAY_MS } from "../contract/time";
import { headerText } from "../shared/header-text";
import { escapeHtml } from "../shared/html";
import { sha256Hex } from "../shared/hmac";

/** Workspace invitations, the pure part: the token, its hash, the link and the message. */

export const INVITATION_LIFETIME_MS = INVITATION_DAYS * DAY_MS;

/** 32 random bytes, base64url: the secret in the invitation link (only its hash is stored). */
export function newInvitationToken(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export async function invitationHashOf(token: string): Promise<string> {
  return sha256Hex(`invitation:${token}`);
}

/**
 * The SPA's /invite page with the token in the query, like the sign-in link: every route is one
 * static HTML file (ADR 0006), so a path per token would be served as the 404 page.
 */
export function invitationLink(siteOrigin: string, token: string): string {
  const url = new URL("/invite", siteOrigin);
  url.searchParams.set("token", token);
  return url.href;
}

export type InvitationProblem = "unknown" | "expired" | "revoked" | "accepted" | "wrong_email" | "no_email" | "inviter_gone";

/** Whether an invitation can be accepted now by an account with `confirmedEmail`; null when it can. */
export function invitationProblem(
  invitation: { email: string; expiresAt: string; acceptedAt: string | null; revokedAt: string | null } | null,
  confirmedEmail: string | null,
  nowMs: number,
): InvitationProblem | null {
  if (!invitation) return "unknown";
  if (invitation.revokedAt) return "revoked";
  if (invitation.acceptedAt) return "accepted";
  if (Date.parse(invitation.expiresAt) <= nowMs) return "expired";
  if (confirmedEmail === null) return "no_email";
  if (confirmedEmail !== invitation.email) return "wrong_email";
  return null;
}

export const INVITATION_PROBLEM_DETAIL: Record<InvitationProblem, string> = {
  unknown: "This invitation link is not valid. Ask for a new invitation.",
  expired: "This invitation has expired (invitations work for 7 days). Ask for a new one.",
  // Inviting an address again withdraws its earlier links: the newest email holds the one that works.
  revoked: "This invitation was withdrawn or replaced by a newer one. Use the link in the newest invitation email, or ask for a new one.",
  accepted: "This invitation was already accepted.",
  wrong_email: "This invitation is for another email address. Sign in with the address it was sent to, then open the link again.",
  // An Amazon-only account: signing in with the invited address would make a second, empty account.
  no_email:
    "This account has no email address, so it cannot accept an invitation sent to one. Add the invited address in Settings → Account (open its confirmation link in this browser), then open this invitation again. Signing in with that address instead would make a separate account.",
  // roles.ts canInvite: the inviter left, was removed or demoted since.
  inviter_gone: "Whoever sent this invitation may no longer invite to this workspace, so it no longer works. Ask an owner or admin for a new one.",
};

/** The invitation email: who invites, to what, with which role, and the link. */
export function invitationEmail(input: {
  to: string;
  from: string;
  link: string;
  workspaceName: string;
  role: WorkspaceRole;
  inviter: string | null;
}): EmailMessageBuilder {
  const { to, from, link, workspaceName, role, inviter } = input;
  const who = inviter ? `${inviter} invited you` : "You are invited";
  const line = `${who} to join ${workspaceName} on RankLayer as ${role === "admin" || role === "analyst" ? "an" : "a"} ${role}.`;
  const validity = `The link works for ${7} days. Sign in with this address (${to}) to accept; if you have no account yet, the page lets you sign in by email first.`;
  return {
    from: { name: "RankLayer", email: from },
    to,
    // Names are refused with control characters now; one stored before that must not add a header.
    subject: `Join ${headerText(workspaceName)} on RankLayer`,
    text: [line, "", `Accept: ${link}`, "", validity, "If you did not expect this, ignore this email."].join("\n"),
    html: [
      `<p>${escapeHtml(line)}</p>`,
      `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
      `<p>${escapeHtml(validity)}</p>`,
      `<p style="color:#666">If you did not expect this, ignore this email.</p>`,
    ].join("\n"),
  };
}
