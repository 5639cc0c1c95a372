import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { WorkspaceList, WorkspaceRole } from "@contract/workspaces";
import { renderRoutes } from "../helpers";
import { addStylesheets } from "../stylesheets";
import { connectedUser, demoUser, fakeApi, json, noContent, sequence } from "../seller/fake-api";
import { acmeWorkspaces, ANA, PERSONAL_WORKSPACE } from "./workspace-fixtures";

/** /team: renaming and deleting the current workspace, each for the roles the API allows, and no New workspace form for the demo. */

const MEMBERS = {
  members: [{ userId: "me", email: "me@example.com", role: "owner", joinedAt: "2026-11-02T00:00:00.000Z", you: true }, ANA],
  seats: { members: 2, pending: 0, used: 2, limit: 25, planId: "agency", planName: "Agency" },
};

const acme = (role: WorkspaceRole) => acmeWorkspaces(role, [PERSONAL_WORKSPACE]);

/** The list after a rename: the same workspaces, the current one under `name`. */
function renamed(list: WorkspaceList, name: string): WorkspaceList {
  return { workspaces: list.workspaces.map((w) => (w.id === list.current.id ? { ...w, name } : w)), current: { ...list.current, name } };
}

/** The personal workspace as the current one, held by its owner. */
const PERSONAL_CURRENT: WorkspaceList = {
  workspaces: [PERSONAL_WORKSPACE, acmeWorkspaces("owner").workspaces[0]!],
  current: { ...PERSONAL_WORKSPACE, permissions: acmeWorkspaces("owner").current.permissions, deletable: false },
};

function renderTeam(workspaces: Parameters<typeof fakeApi>[0][string], routes: Parameters<typeof fakeApi>[0] = {}, user = connectedUser()) {
  const api = fakeApi({
    "GET /api/user/status": json(user),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/workspaces": workspaces,
    "GET /api/workspaces/members": json(MEMBERS),
    "GET /api/workspaces/invitations": json({ invitations: [] }),
    ...routes,
  });
  return { api, ...renderRoutes("/team") };
}

const nameField = () => screen.findByRole("textbox", { name: "Name" }) as Promise<HTMLInputElement>;
const renameButton = () => screen.getByRole("button", { name: "Rename" }) as HTMLButtonElement;

describe("/team renames the current workspace", () => {
  it("starts from the current name, sends the new one trimmed, and the title and the header's switcher take it", async () => {
    const { api } = renderTeam(sequence(json(acme("owner")), json(renamed(acme("owner"), "Acme Ltd"))), {
      "PATCH /api/workspaces/current": json(renamed(acme("owner"), "Acme Ltd")),
    });

    const field = await nameField();
    expect(field.value).toBe("Acme Agency");
    // Nothing to send while the name is unchanged or empty.
    expect(renameButton().disabled).toBe(true);
    fireEvent.change(field, { target: { value: "   " } });
    expect(renameButton().disabled).toBe(true);

    fireEvent.change(field, { target: { value: "  Acme Ltd " } });
    fireEvent.click(renameButton());

    expect((await screen.findByRole("status")).textContent).toBe("Renamed to Acme Ltd.");
    expect(api.requests("PATCH /api/workspaces/current").map((r) => r.body)).toEqual([{ name: "Acme Ltd" }]);
    expect(await screen.findByRole("heading", { name: "Team: Acme Ltd" })).toBeTruthy();
    const switcher = screen.getByRole("combobox", { name: "Workspace" }) as HTMLSelectElement;
    await waitFor(() => expect([...switcher.options].map((o) => o.textContent)).toEqual(["me@example.com (personal)", "Acme Ltd"]));
    expect(switcher.value).toBe("acme");
    expect(field.value).toBe("Acme Ltd");
    expect(renameButton().disabled).toBe(true);
  });

  it("shows the API's 422 detail by the field and keeps the old name everywhere", async () => {
    const detail = [{ loc: ["json", "name"], msg: "Name must be one line of text, without control characters", type: "invalid_format" }];
    const { api } = renderTeam(json(acme("admin")), {
      "PATCH /api/workspaces/current": json({ detail, code: "validation_failed" }, 422),
    });

    fireEvent.change(await nameField(), { target: { value: "Acme\u0007Agency" } });
    fireEvent.click(renameButton());

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Name must be one line of text, without control characters");
    const field = await nameField();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe(alert.id);
    expect(api.requests("PATCH /api/workspaces/current").map((r) => r.body)).toEqual([{ name: "Acme\u0007Agency" }]);
    expect(screen.getByRole("heading", { name: "Team: Acme Agency" })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    // No rename, so the list is not asked for again.
    expect(api.requests("GET /api/workspaces")).toHaveLength(1);
  });

  it.each(["analyst", "viewer"] as const)("is not offered to an %s (no settings permission)", async (role) => {
    renderTeam(json(acme(role)));

    await screen.findByRole("button", { name: "Leave Acme Agency" });
    expect(screen.queryByRole("heading", { name: "Rename this workspace" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Name" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete / })).toBeNull();
  });
});

describe("/team deletes the current workspace", () => {
  it("an owner confirms first; the question names the workspace and what goes; then the app goes to the personal workspace", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const { api, user } = renderTeam(json(acme("owner")), { "DELETE /api/workspaces/current": noContent() });

    await user.click(await screen.findByRole("button", { name: "Delete Acme Agency" }));
    const confirm = screen.getByRole("group", { name: "Confirm deleting Acme Agency" });
    const question = confirm.textContent!;
    expect(question).toContain("Delete Acme Agency?");
    for (const lost of ["watchlist", "rank alerts", "API keys", "audit log", "seller accounts", "every member loses access"]) expect(question).toContain(lost);
    expect(question).toContain("canceled now, with no refund");
    expect(question).toContain("This cannot be undone.");

    // Cancel sends nothing and gives the button back.
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("group", { name: /Confirm deleting/ })).toBeNull();
    expect(api.requests("DELETE /api/workspaces/current")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Delete Acme Agency" }));
    await user.click(within(screen.getByRole("group", { name: "Confirm deleting Acme Agency" })).getByRole("button", { name: "Yes, delete it" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/seller-central"));
    expect(api.requests("DELETE /api/workspaces/current")).toHaveLength(1);
  });

  it("shows Stripe's refusal (502, nothing deleted) by the button and stays on the page", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const detail = "Stripe did not cancel the subscription of Acme Agency, so nothing was deleted. Try again in a few minutes.";
    const { user } = renderTeam(json(acme("owner")), { "DELETE /api/workspaces/current": json({ detail, code: "upstream_unavailable" }, 502) });

    await user.click(await screen.findByRole("button", { name: "Delete Acme Agency" }));
    await user.click(screen.getByRole("button", { name: "Yes, delete it" }));

    expect((await screen.findByRole("alert")).textContent).toBe(detail);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Delete Acme Agency" })).toBeTruthy();
  });

  it("is not offered to an admin (owners only), who may still rename", async () => {
    renderTeam(json(acme("admin")));

    expect((await nameField()).value).toBe("Acme Agency");
    expect(screen.queryByRole("button", { name: "Delete Acme Agency" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Delete this workspace" })).toBeNull();
  });

  it("is not offered to a co-owner of another account's personal workspace (the list says it is not deletable)", async () => {
    const coOwned = acme("owner");
    renderTeam(json({ ...coOwned, current: { ...coOwned.current, deletable: false } }));

    expect((await nameField()).value).toBe("Acme Agency");
    expect(screen.queryByRole("button", { name: /^Delete / })).toBeNull();
  });

  it("is not offered in the owner's personal workspace, which goes only with the account; renaming it is", async () => {
    renderTeam(json(PERSONAL_CURRENT));

    expect((await nameField()).value).toBe("me@example.com");
    expect(screen.getByText(/This is your personal workspace\./)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Delete / })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Leave / })).toBeNull();
  });
});

describe("/team for the demo account", () => {
  it("has no New workspace form (the API refuses the demo) and says why", async () => {
    const { api } = renderTeam(json(PERSONAL_CURRENT), {}, demoUser());

    expect(await screen.findByText("The demo account cannot create workspaces. Sign in by email to make an account of your own.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "New workspace" })).toBeTruthy();
    expect(screen.queryByLabelText("Workspace name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Create workspace" })).toBeNull();
    expect(api.requests("POST /api/workspaces")).toHaveLength(0);
  });

  it("a signed-in account (not the demo) has the form", async () => {
    renderTeam(json(PERSONAL_CURRENT));

    expect(await screen.findByLabelText("Workspace name")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create workspace" })).toBeTruthy();
    expect(screen.queryByText(/demo account cannot create workspaces/)).toBeNull();
  });
});

// The page is long: a refusal at its top is out of view from the forms at its foot.
describe("/team shows a refusal by the control that caused it", () => {
  it("New workspace: the API's refusal sits by its form, the typed name stays and the button works again", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const detail = "Workspace names are at most 80 characters.";
    const { api, user } = renderTeam(json(PERSONAL_CURRENT), {
      "POST /api/workspaces": sequence(json({ detail, code: "validation_failed" }, 422), json({ detail: "Internal error" }, 500)),
    });

    const field = (await screen.findByLabelText("Workspace name")) as HTMLInputElement;
    await user.type(field, "Client A");
    await user.click(screen.getByRole("button", { name: "Create workspace" }));

    const section = screen.getByRole("region", { name: "New workspace" });
    const alert = await within(section).findByRole("alert");
    expect(alert.textContent).toBe(detail);
    expect(screen.getAllByRole("alert")).toEqual([alert]);
    expect(field.value).toBe("Client A");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")).toBe(alert.id);
    expect(assign).not.toHaveBeenCalled();

    const button = screen.getByRole("button", { name: "Create workspace" }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(within(section).getByRole("alert").textContent).toBe("Internal error"));
    expect(api.requests("POST /api/workspaces").map((r) => r.body)).toEqual([{ name: "Client A" }, { name: "Client A" }]);
  });

  it("a role change's refusal sits under that member's row, and the role shown stays the saved one", async () => {
    const detail = "ana@example.com's role was changed meanwhile: reload to see it.";
    const { api, user } = renderTeam(json(acme("owner")), { "PATCH /api/workspaces/members/a1": json({ detail, code: "conflict" }, 409) });

    const role = (await screen.findByRole("combobox", { name: "Role of ana@example.com" })) as HTMLSelectElement;
    await user.selectOptions(role, "viewer");

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(detail);
    const refusalRow = alert.closest("tr")!;
    expect(refusalRow.previousElementSibling).toBe(role.closest("tr"));
    expect(role.value).toBe("analyst");
    expect(api.requests("PATCH /api/workspaces/members/a1").map((r) => r.body)).toEqual([{ role: "viewer" }]);
    // The table scrolls sideways at 390 px: the message keeps to the visible part.
    addStylesheets("base.css");
    expect(getComputedStyle(alert).position).toBe("sticky");
  });

  it("Withdraw: the refusal sits under the invite form, by the pending list", async () => {
    const detail = "This invitation was already accepted.";
    const { user } = renderTeam(json(acme("owner")), {
      "GET /api/workspaces/invitations": json({ invitations: [{ id: "i1", email: "bea@example.com", role: "viewer", invitedAt: "2026-11-20T00:00:00.000Z", expiresAt: "2026-11-27T00:00:00.000Z" }] }),
      "DELETE /api/workspaces/invitations/i1": json({ detail, code: "not_found" }, 404),
    });

    await user.click(await screen.findByRole("button", { name: "Withdraw" }));

    const section = screen.getByRole("region", { name: "Invite someone" });
    expect((await within(section).findByRole("alert")).textContent).toBe(detail);
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("Leave: its only owner is told how to leave instead of offered a button the server always refuses", async () => {
    renderTeam(json(acme("owner")));

    const section = await screen.findByRole("region", { name: "Workspace" });
    expect(await within(section).findByText("You are the only owner of Acme Agency: make another member owner before you leave, or delete it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Leave Acme Agency" })).toBeNull();
  });

  it("Leave: the last owner's refusal (the other owner was demoted meanwhile) sits by the Leave button, not at the top of the page", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => undefined);
    const detail = "You are the last owner of Acme Agency: make another member owner before you leave.";
    const twoOwners = { ...MEMBERS, members: [...MEMBERS.members, { userId: "o2", email: "co@example.com", role: "owner", joinedAt: "2026-11-04T00:00:00.000Z", you: false }] };
    const { user } = renderTeam(json(acme("owner")), { "GET /api/workspaces/members": json(twoOwners), "POST /api/workspaces/leave": json({ detail, code: "conflict" }, 409) });

    await user.click(await screen.findByRole("button", { name: "Leave Acme Agency" }));
    await user.click(screen.getByRole("button", { name: "Yes, leave" }));

    const section = screen.getByRole("region", { name: "Workspace" });
    const alert = await within(section).findByRole("alert");
    expect(alert.textContent).toBe(detail);
    expect(screen.getAllByRole("alert")).toEqual([alert]);
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("/team's title", () => {
  it("wraps a personal workspace's email address anywhere, so it never widens a 390 px page", async () => {
    addStylesheets("workspaces.css");
    renderTeam(json(PERSONAL_CURRENT));

    const title = await screen.findByRole("heading", { level: 1, name: "Team: me@example.com" });
    expect(getComputedStyle(title).overflowWrap).toBe("anywhere");
  });
});
