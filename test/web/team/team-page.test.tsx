import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { WorkspaceRole } from "@contract/workspaces";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json, noContent } from "../seller/fake-api";
import { permissionsOf } from "../../../worker/workspaces/roles";
import { acmeWorkspaces, ANA, BEA_INVITED, PERSONAL_WORKSPACE } from "./workspace-fixtures";

const workspaces = (role: WorkspaceRole) => acmeWorkspaces(role, [PERSONAL_WORKSPACE]);

const MEMBERS = {
  members: [
    { userId: "o1", email: "owner@acme.example", role: "owner", joinedAt: "2026-11-01T00:00:00.000Z", you: false },
    { userId: "me", email: "me@example.com", role: "admin", joinedAt: "2026-11-02T00:00:00.000Z", you: true },
    ANA,
  ],
  seats: { members: 3, pending: 1, used: 4, limit: 25, planId: "agency", planName: "Agency" },
};

describe("/team and the header's workspace switcher", () => {
  it("lets an admin invite, change roles below owner and remove members, and lists pending invitations", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("admin")),
      "GET /api/workspaces/members": json(MEMBERS),
      "GET /api/workspaces/invitations": json({ invitations: [BEA_INVITED] }),
      "POST /api/workspaces/invitations": json({ id: "i2", email: "new@example.com", role: "analyst", invitedAt: "2026-11-26T00:00:00.000Z", expiresAt: "2026-12-03T00:00:00.000Z" }, 201),
      "DELETE /api/workspaces/members/a1": noContent(),
    });
    renderRoutes("/team");

    expect(await screen.findByRole("heading", { name: "Team: Acme Agency" })).toBeTruthy();
    const table = within(await screen.findByRole("table", { name: "Members and their roles" }));
    // The owner's row has no controls for an admin; the analyst's has a role picker without "owner".
    const ownerRow = within(table.getByRole("rowheader", { name: "owner@acme.example" }).closest("tr")!);
    expect(ownerRow.queryByRole("combobox")).toBeNull();
    expect(ownerRow.queryByRole("button", { name: "Remove" })).toBeNull();
    const picker = table.getByRole("combobox", { name: "Role of ana@example.com" }) as HTMLSelectElement;
    expect([...picker.options].map((o) => o.value)).toEqual(["admin", "analyst", "viewer"]);
    expect(await screen.findByText(/bea@example.com, Viewer/)).toBeTruthy();
    // Roles are named as the rest of the app names them (the audit log: "Owner"); the API keeps its codes.
    expect([...picker.options].map((o) => o.text)).toEqual(["Admin", "Analyst", "Viewer"]);
    expect(ownerRow.getByText("Owner")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Email address"), { target: { value: "new@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    expect(await screen.findByText("Invitation sent to new@example.com. The link works for 7 days.")).toBeTruthy();
    expect(api.requests("POST /api/workspaces/invitations")[0]!.body).toEqual({ email: "new@example.com", role: "analyst" });

    fireEvent.click(within(table.getByRole("rowheader", { name: "ana@example.com" }).closest("tr")!).getByRole("button", { name: "Remove" }));
    fireEvent.click(within(screen.getByRole("group", { name: "Confirm removing ana@example.com" })).getByRole("button", { name: "Yes, remove" }));
    await waitFor(() => expect(api.requests("DELETE /api/workspaces/members/a1")).toHaveLength(1));
    // The header offers both workspaces, the current one chosen.
    const switcher = screen.getByRole("combobox", { name: "Workspace" }) as HTMLSelectElement;
    expect(switcher.value).toBe("acme");
    expect([...switcher.options].map((o) => o.textContent)).toEqual(["me@example.com (personal)", "Acme Agency"]);
  });

  it("offers a co-owner of someone's personal workspace no Remove or role change for that account, which the server always refuses", async () => {
    // Sam's personal workspace (its id is Sam's user id), on Pro; this user was made a co-owner.
    const samsWorkspace = {
      workspaces: [PERSONAL_WORKSPACE, { id: "sam", name: "Sam's Shop", role: "owner" as const, personal: false }],
      current: { id: "sam", name: "Sam's Shop", role: "owner" as const, personal: false, permissions: permissionsOf("owner"), deletable: false },
    };
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(samsWorkspace),
      "GET /api/workspaces/members": json({
        members: [
          { userId: "sam", email: "sam@shop.example", role: "owner", joinedAt: "2026-11-01T00:00:00.000Z", you: false },
          { userId: "me", email: "me@example.com", role: "owner", joinedAt: "2026-11-02T00:00:00.000Z", you: true },
          ANA,
        ],
        seats: { members: 3, pending: 0, used: 3, limit: 3, planId: "pro", planName: "Pro" },
      }),
      "GET /api/workspaces/invitations": json({ invitations: [] }),
    });
    renderRoutes("/team");

    const table = within(await screen.findByRole("table", { name: "Members and their roles" }));
    const samRow = within(table.getByRole("rowheader", { name: "sam@shop.example" }).closest("tr")!);
    expect(samRow.queryByRole("combobox")).toBeNull();
    expect(samRow.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(samRow.getByText("Owner")).toBeTruthy();
    // Other members stay manageable.
    expect(table.getByRole("combobox", { name: "Role of ana@example.com" })).toBeTruthy();
  });

  it("shows a viewer the team without any control, and no audit link", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("viewer")),
      "GET /api/workspaces/members": json(MEMBERS),
    });
    renderRoutes("/team");

    await screen.findByRole("table", { name: "Members and their roles" });
    await screen.findByText("Viewer");
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Invite someone" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Audit log" })).toBeNull();
    expect(screen.getByRole("button", { name: "Leave Acme Agency" })).toBeTruthy();
    // The New workspace form says the bound before the server refuses a fourth Free workspace.
    expect(screen.getByRole("region", { name: "New workspace" }).textContent).toContain("you may own up to 3 Free workspaces, your personal one included");
  });

  it("shows an analyst the plan on /billing with no way to change it", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("analyst")),
      "GET /api/billing/plans": json({ plans: [{ id: "free", name: "Free", price_usd: 0, features: ["x"] }, { id: "pro", name: "Pro", price_usd: 29, features: ["y"] }] }),
      "GET /api/billing/subscription": json({ plan_id: "pro", plan_name: "Pro", status: "active", current_period_end: null, cancel_at_period_end: false, stripe_customer_id: "cus_1", mock: false, demo: false }),
    });
    renderRoutes("/billing");

    expect(await screen.findByRole("heading", { name: "Current plan: Pro" })).toBeTruthy();
    expect(screen.getByText("Only the owners of Acme Agency can change its plan or payment details.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Upgrade|Manage/ })).toBeNull();
  });
});

describe("/invite?token=…", () => {
  it("signed out: asks to sign in by email and remembers to come back here afterwards", async () => {
    fakeApi({ "GET /api/user/status": json({ ...connectedUser(), authenticated: false }) });
    localStorage.clear();
    renderRoutes("/invite?token=tok123");

    const link = await screen.findByRole("link", { name: "Sign in by email" });
    expect(link.getAttribute("href")).toBe("/signin");
    fireEvent.click(link);
    expect(localStorage.getItem("ranklayer:after-sign-in")).toBe("/invite?token=tok123");
  });

  it.each(["/invite", "/invite?token=", "/invite?token=%20"])("%s, a link without its token, says so and offers neither sign-in nor Accept", async (path) => {
    const api = fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("owner")),
    });
    renderRoutes(path);

    expect((await screen.findByRole("alert")).textContent).toBe(
      "This link holds no invitation. Open the link in the invitation email again, whole, or ask for a new invitation.",
    );
    expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull();
    expect(api.requests("POST /api/workspaces/invitations/preview")).toHaveLength(0);
  });

  it("signed in: accepts with the token and says which workspace it joined; a refusal shows the server's reason", async () => {
    const api = fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("owner")),
      "POST /api/workspaces/invitations/accept": json({ id: "i1", email: "me@example.com", role: "analyst", invitedAt: "x", expiresAt: "y", workspaceId: "acme", workspaceName: "Acme Agency" }),
    });
    renderRoutes("/invite?token=tok123");

    fireEvent.click(await screen.findByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByText(/You joined Acme Agency\./)).toBeTruthy();
    expect(api.requests("POST /api/workspaces/invitations/accept")[0]!.body).toEqual({ token: "tok123" });
    // The session works in the joined workspace now: the tab reads its workspaces again, and names the new one on its calls.
    await waitFor(() => expect(api.requests("GET /api/workspaces")).toHaveLength(2));
    expect(api.requests("GET /api/workspaces")[1]!.headers.get("X-Workspace-Id")).toBe("acme");
  });

  it("signed in: names the workspace, role and address before accepting", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("owner")),
      "POST /api/workspaces/invitations/preview": json({ workspaceName: "Acme Agency", role: "analyst", email: "me@example.com", expiresAt: "2026-12-05T10:00:00.000Z", problem: null, needsAddress: false }),
    });
    renderRoutes("/invite?token=tok123");

    const offer = await screen.findByText(/^Join/);
    expect(offer.textContent).toBe("Join Acme Agency as Analyst. The invitation is for me@example.com, until 2026-12-05 10:00 UTC.");
    expect(screen.getByRole("button", { name: "Accept invitation" })).toBeTruthy();
  });

  it("says before any click why an invitation cannot be accepted, and offers no Accept", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("owner")),
      "POST /api/workspaces/invitations/preview": json({ workspaceName: "Acme Agency", role: "viewer", email: "ana@example.com", expiresAt: "2026-12-05T10:00:00.000Z", problem: "This invitation has expired (invitations work for 7 days). Ask for a new one.", needsAddress: false }),
    });
    renderRoutes("/invite?token=tok123");

    expect((await screen.findByRole("alert")).textContent).toBe("This invitation has expired (invitations work for 7 days). Ask for a new one.");
    expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull();
  });

  it("leads an account with no email address to Settings → Account to add the invited one", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("owner")),
      "POST /api/workspaces/invitations/preview": json({ workspaceName: "Acme Agency", role: "viewer", email: "ana@example.com", expiresAt: "2026-12-05T10:00:00.000Z", problem: "This account has no email address, so it cannot accept an invitation sent to one.", needsAddress: true }),
    });
    renderRoutes("/invite?token=tok123");

    expect((await screen.findByRole("link", { name: "Add ana@example.com to this account" })).getAttribute("href")).toBe("/settings#account");
    expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull();
  });

  it("shows why an invitation cannot be accepted", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("owner")),
      "POST /api/workspaces/invitations/accept": json({ detail: "This invitation is for another email address. Sign in with the address it was sent to, then open the link again.", code: "forbidden" }, 403),
    });
    renderRoutes("/invite?token=tok123");

    fireEvent.click(await screen.findByRole("button", { name: "Accept invitation" }));
    expect((await screen.findByRole("alert")).textContent).toContain("This invitation is for another email address.");
  });
});

describe("/settings for a viewer", () => {
  it("has no API Access tab", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/workspaces": json(workspaces("viewer")),
    });
    renderRoutes("/settings");

    await screen.findByRole("tab", { name: "Account" });
    await waitFor(() => expect(screen.queryByRole("tab", { name: "API Access" })).toBeNull());
  });
});

describe("/notifications for a viewer", () => {
  it("lists the notifications with no Mark all as read", async () => {
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/notifications/unread-count": json({ unread: 1 }),
      "GET /api/workspaces": json(workspaces("viewer")),
      "GET /api/notifications": json({ notifications: [], unread: 1 }),
    });
    renderRoutes("/notifications");

    await screen.findByText("1 unread");
    await waitFor(() => expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull());
  });
});
