import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { WorkspaceRole } from "@contract/workspaces";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json, noContent } from "../seller/fake-api";
import { acmeWorkspaces, ANA } from "./workspace-fixtures";

/** Pending invitations on /team: only owners invite owners, so only owners may withdraw an owner's invitation. */

const ME = { userId: "me", email: "me@example.com", role: "admin", joinedAt: "2026-11-02T00:00:00.000Z", you: true };
const invited = (id: string, email: string, role: WorkspaceRole) => ({ id, email, role, invitedAt: "2026-11-20T00:00:00.000Z", expiresAt: "2026-11-27T00:00:00.000Z" });
const OWNER_INVITED = invited("i-owner", "olga@example.com", "owner");
const ANALYST_INVITED = invited("i-analyst", "abe@example.com", "analyst");

function renderTeam(role: WorkspaceRole, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    "GET /api/user/status": json(connectedUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/workspaces": json(acmeWorkspaces(role)),
    "GET /api/workspaces/members": json({ members: [{ ...ME, role }, ANA], seats: { members: 2, pending: 2, used: 4, limit: 25, planId: "agency", planName: "Agency" } }),
    "GET /api/workspaces/invitations": json({ invitations: [OWNER_INVITED, ANALYST_INVITED] }),
    "DELETE /api/workspaces/invitations/i-analyst": noContent(),
    "DELETE /api/workspaces/invitations/i-owner": noContent(),
    ...routes,
  });
  return { api, ...renderRoutes("/team") };
}

/** The list item of the invitation to `email`. */
const invitationItem = async (email: string) => (await screen.findByText(new RegExp(`^${email}, `))).closest("li")!;
const withdrawIn = (item: HTMLElement) => item.querySelector("button");

describe("/team pending invitations", () => {
  it("an admin sees no Withdraw on an owner's invitation, and withdraws an analyst's", async () => {
    const { api, user } = renderTeam("admin");

    const ownerItem = await invitationItem("olga@example.com");
    expect(ownerItem.textContent).toContain("olga@example.com, Owner, until");
    expect(withdrawIn(ownerItem)).toBeNull();

    const analystItem = await invitationItem("abe@example.com");
    const withdraw = withdrawIn(analystItem)!;
    expect(withdraw.textContent).toBe("Withdraw");
    await user.click(withdraw);
    await waitFor(() => expect(api.requests("DELETE /api/workspaces/invitations/i-analyst")).toHaveLength(1));
    expect(api.requests("DELETE /api/workspaces/invitations/i-owner")).toHaveLength(0);
    expect(screen.getAllByRole("button", { name: "Withdraw" })).toHaveLength(1);
  });

  it("an owner may withdraw both", async () => {
    const { api, user } = renderTeam("owner");

    const withdraw = withdrawIn(await invitationItem("olga@example.com"));
    expect(withdraw?.textContent).toBe("Withdraw");
    expect(withdrawIn(await invitationItem("abe@example.com"))?.textContent).toBe("Withdraw");
    await user.click(withdraw!);
    await waitFor(() => expect(api.requests("DELETE /api/workspaces/invitations/i-owner")).toHaveLength(1));
  });

  it("keeps the next address typed while an invitation is on its way", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = renderTeam("owner", { "POST /api/workspaces/invitations": () => new Promise<Response>((resolve) => (answer = resolve)) });
    const field = (await screen.findByLabelText("Email address")) as HTMLInputElement;
    await invitationItem("abe@example.com");

    await user.type(field, "bea@example.com");
    await user.click(screen.getByRole("button", { name: "Send invitation" }));
    await user.clear(field);
    await user.type(field, "cid@example.com");
    answer(Response.json(invited("i-bea", "bea@example.com", "analyst"), { status: 201 }));

    expect(await screen.findByText(/^Invitation sent to bea@example.com\./)).toBeTruthy();
    expect(field.value).toBe("cid@example.com");
  });
});
