import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../../worker/contract/workspaces";
import { invitationProblem, invitationHashOf, newInvitationToken, invitationLink } from "../../../worker/workspaces/invitations";
import { can, canInvite, canManageMember, lastOwnerProblem, permissionsOf, ROLE_PERMISSIONS, roleRefusal, rolesNotInvitableBy } from "../../../worker/workspaces/roles";

describe("the role table", () => {
  it("gives each role a strictly smaller set than the one above it; billing and ownership to owners only", () => {
    expect(permissionsOf("owner")).toEqual([...PERMISSIONS]);
    expect(permissionsOf("admin")).toEqual(["read", "track", "settings", "connections", "keys", "members"]);
    expect(permissionsOf("analyst")).toEqual(["read", "track"]);
    expect(permissionsOf("viewer")).toEqual(["read"]);
    const order = ["viewer", "analyst", "admin", "owner"] as const;
    for (let i = 1; i < order.length; i++) {
      const lower = ROLE_PERMISSIONS[order[i - 1]!];
      const upper = ROLE_PERMISSIONS[order[i]!];
      expect(lower.every((p) => upper.includes(p)) && upper.length > lower.length, order[i]).toBe(true);
    }
    expect(PERMISSIONS.filter((p) => can("admin", p))).not.toContain("billing");
    expect(can("viewer", "track")).toBe(false);
  });

  it("lets admins manage members below owner only, and never leaves a workspace without an owner", () => {
    expect(canManageMember("owner", "owner", "admin")).toBe(true);
    expect(canManageMember("admin", "analyst", "viewer")).toBe(true);
    expect(canManageMember("admin", "viewer", null)).toBe(true);
    expect(canManageMember("admin", "owner", "admin")).toBe(false);
    expect(canManageMember("admin", "analyst", "owner")).toBe(false);
    expect(canManageMember("analyst", "viewer", null)).toBe(false);
    expect(lastOwnerProblem(1, "owner", "admin")).toMatch(/needs an owner/);
    expect(lastOwnerProblem(1, "owner", null)).toMatch(/needs an owner/);
    expect(lastOwnerProblem(2, "owner", null)).toBeNull();
    expect(lastOwnerProblem(1, "admin", null)).toBeNull();
    expect(lastOwnerProblem(1, "owner", "owner")).toBeNull();
  });

  it("lets owners invite anyone and admins anyone below owner; an inviter who left or was demoted invites nobody", () => {
    expect(canInvite("owner", "owner")).toBe(true);
    expect(canInvite("admin", "admin")).toBe(true);
    expect(canInvite("admin", "owner")).toBe(false);
    expect(canInvite("analyst", "viewer")).toBe(false);
    expect(canInvite(null, "viewer")).toBe(false);
    expect(rolesNotInvitableBy("owner")).toEqual([]);
    expect(rolesNotInvitableBy("admin")).toEqual(["owner"]);
    expect(rolesNotInvitableBy("viewer")).toEqual(["owner", "admin", "analyst", "viewer"]);
    expect(rolesNotInvitableBy(null)).toEqual(["owner", "admin", "analyst", "viewer"]);
  });
});

describe("invitations, the pure part", () => {
  const open = { email: "ana@example.com", expiresAt: "2026-12-03T00:00:00.000Z", acceptedAt: null, revokedAt: null };
  const now = Date.parse("2026-11-30T00:00:00.000Z");

  it("accepts only an open, unexpired invitation, for the account that has its address confirmed", () => {
    expect(invitationProblem(open, "ana@example.com", now)).toBeNull();
    expect(invitationProblem(open, "eve@example.com", now)).toBe("wrong_email");
    expect(invitationProblem(open, null, now)).toBe("no_email");
    expect(invitationProblem(open, "ana@example.com", Date.parse(open.expiresAt))).toBe("expired");
    expect(invitationProblem({ ...open, revokedAt: "x" }, "ana@example.com", now)).toBe("revoked");
    expect(invitationProblem({ ...open, acceptedAt: "x" }, "ana@example.com", now)).toBe("accepted");
    expect(invitationProblem(null, "ana@example.com", now)).toBe("unknown");
  });

  it("makes a 43-character token whose hash, not itself, is stored, and a link to /invite?token=<token>", async () => {
    const token = newInvitationToken((b) => b.fill(255));
    expect(token).toBe("_".repeat(42) + "8");
    expect(await invitationHashOf(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(await invitationHashOf(token)).not.toBe(await invitationHashOf(newInvitationToken()));
    expect(invitationLink("https://ranklayer.com", "abc")).toBe("https://ranklayer.com/invite?token=abc");
  });
});

describe("roleRefusal: what a role may not do, in words", () => {
  it("says what the action is and who can do it, without the permission's code", () => {
    expect(roleRefusal("Acme", "viewer", "track")).toBe(
      "Your role in Acme (viewer) may not change the watchlist or alerts, refresh data, export or mark notifications read. Ask an owner or admin.",
    );
    // Only owners pay: an admin is no one to ask.
    expect(roleRefusal("Acme", "admin", "billing")).toBe("Your role in Acme (admin) may not change the plan or billing. Ask an owner.");
    expect(roleRefusal("Acme", "analyst", "ownership")).toMatch(/\. Ask an owner\.$/);
    for (const permission of PERMISSIONS) expect(roleRefusal("Acme", "viewer", permission)).not.toContain(`"${permission}"`);
  });
});
