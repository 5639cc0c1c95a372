import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json, noContent } from "../seller/fake-api";
import { acmeWorkspaces, ANA, PERSONAL_WORKSPACE } from "./workspace-fixtures";

const MEMBERS = {
  members: [{ userId: "me", email: "me@example.com", role: "admin", joinedAt: "2026-11-02T00:00:00.000Z", you: true }, ANA],
  seats: { members: 2, pending: 0, used: 2, limit: 25, planId: "agency", planName: "Agency" },
};

function renderTeam(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    "GET /api/user/status": json(connectedUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/workspaces": json(acmeWorkspaces("admin", [PERSONAL_WORKSPACE])),
    "GET /api/workspaces/members": json(MEMBERS),
    "GET /api/workspaces/invitations": json({ invitations: [] }),
    ...routes,
  });
  return { api, ...renderRoutes("/team") };
}

const anaRow = async () => within((await screen.findByRole("rowheader", { name: "ana@example.com" })).closest("tr")!);

/** Removing a member and leaving a workspace cannot be undone: each asks first, and Cancel sends nothing. */
describe("/team asks before it removes anyone", () => {
  it("Remove asks for a confirmation; Cancel keeps the member, Yes removes them", async () => {
    const { api, user } = renderTeam({ "DELETE /api/workspaces/members/a1": noContent() });

    await user.click((await anaRow()).getByRole("button", { name: "Remove" }));
    expect(api.requests("DELETE /api/workspaces/members/a1")).toHaveLength(0);
    const confirm = screen.getByRole("group", { name: "Confirm removing ana@example.com" });
    expect(confirm.textContent).toContain("ana@example.com loses access to Acme Agency");
    // What else goes with the membership, so no integration breaks unannounced.
    expect(confirm.textContent).toContain("the API keys they made here stop working");

    // Focus lands on the safe choice, and goes back to Remove when the question closes.
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Cancel" }));
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group", { name: /Confirm removing/ })).toBeNull();
    expect(document.activeElement).toBe((await anaRow()).getByRole("button", { name: "Remove" }));
    await user.click((await anaRow()).getByRole("button", { name: "Remove" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("group", { name: /Confirm removing/ })).toBeNull();
    expect(api.requests("DELETE /api/workspaces/members/a1")).toHaveLength(0);

    await user.click((await anaRow()).getByRole("button", { name: "Remove" }));
    await user.click(within(screen.getByRole("group", { name: "Confirm removing ana@example.com" })).getByRole("button", { name: "Yes, remove" }));
    await waitFor(() => expect(api.requests("DELETE /api/workspaces/members/a1")).toHaveLength(1));
  });

  it("Leave asks for a confirmation before leaving the workspace", async () => {
    vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const { api, user } = renderTeam({ "POST /api/workspaces/leave": json(acmeWorkspaces("owner")) });

    await user.click(await screen.findByRole("button", { name: "Leave Acme Agency" }));
    expect(api.requests("POST /api/workspaces/leave")).toHaveLength(0);
    const confirm = screen.getByRole("group", { name: "Confirm leaving Acme Agency" });
    expect(confirm.textContent).toContain("the API keys you made here stop working");

    await user.click(within(confirm).getByRole("button", { name: "Yes, leave" }));
    await waitFor(() => expect(api.requests("POST /api/workspaces/leave")).toHaveLength(1));
  });
});
