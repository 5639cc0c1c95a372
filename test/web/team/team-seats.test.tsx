import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SeatsView } from "@contract/workspaces";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json } from "../seller/fake-api";
import { acmeWorkspaces, ANA, BEA_INVITED as BEA } from "./workspace-fixtures";

/** /team against the plan's seats: the count, the invite form off when they are all taken, the server's refusal. */

const OWNER = { userId: "o1", email: "owner@acme.example", role: "owner", joinedAt: "2026-11-01T00:00:00.000Z", you: true };

function team(role: "owner" | "admin", seats: SeatsView, members = [OWNER, ANA], invitations = [BEA], extra = {}) {
  return fakeApi({
    "GET /api/user/status": json(connectedUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/workspaces": json(acmeWorkspaces(role)),
    "GET /api/workspaces/members": json({ members, seats }),
    "GET /api/workspaces/invitations": json({ invitations }),
    ...extra,
  });
}

const pro = (members: number, pending: number): SeatsView => ({ members, pending, used: members + pending, limit: 3, planId: "pro", planName: "Pro" });

describe("/team seats", () => {
  it("shows the seats used and lets an owner invite while one is free", async () => {
    team("owner", pro(2, 0), [OWNER, ANA], []);
    renderRoutes("/team");

    expect(await screen.findByText("2 of 3 seats used on the Pro plan.")).toBeTruthy();
    const email = screen.getByLabelText("Email address") as HTMLInputElement;
    expect(email.disabled).toBe(false);
    fireEvent.change(email, { target: { value: "new@example.com" } });
    expect((screen.getByRole("button", { name: "Send invitation" }) as HTMLButtonElement).disabled).toBe(false);
    expect(document.getElementById("invite-full")).toBeNull();
  });

  it("when every seat is taken (pending invitations included), the form is off with the reason and a link to Billing for an owner", async () => {
    team("owner", pro(2, 1));
    renderRoutes("/team");

    expect(await screen.findByText("3 of 3 seats used on the Pro plan (1 pending invitation).")).toBeTruthy();
    const note = await screen.findByText(/^All 3 seats of the Pro plan are taken, pending invitations included\./);
    expect(note.textContent).toContain("Withdraw an invitation or remove a member to invite someone, or move to a plan with more seats.");
    expect(screen.getByRole("link", { name: "See plans on the Billing page" }).getAttribute("href")).toBe("/billing");
    const email = screen.getByLabelText("Email address") as HTMLInputElement;
    expect(email.disabled).toBe(true);
    expect(email.getAttribute("aria-describedby")).toBe("invite-full");
    expect((screen.getByLabelText("Role") as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Send invitation" }) as HTMLButtonElement).disabled).toBe(true);
    // Withdrawing stays possible: it is how a seat frees up.
    expect(((await screen.findByRole("button", { name: "Withdraw" })) as HTMLButtonElement).disabled).toBe(false);
  });

  it("Free: the owner only; an admin (no billing) is pointed to /pricing and told an owner changes the plan", async () => {
    team("admin", { members: 1, pending: 0, used: 1, limit: 1, planId: "free", planName: "Free" }, [{ ...OWNER, you: false }], []);
    renderRoutes("/team");

    expect(await screen.findByText("1 of 1 seat used on the Free plan.")).toBeTruthy();
    expect(screen.getByText("The Free plan includes the owner only, so this workspace cannot invite anyone.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Compare plans" }).getAttribute("href")).toBe("/pricing");
    expect(screen.queryByRole("link", { name: "See plans on the Billing page" })).toBeNull();
    expect((screen.getByLabelText("Email address") as HTMLInputElement).disabled).toBe(true);
  });

  it("after a downgrade: more members than seats, and the page says none was removed and what frees a seat", async () => {
    const members = [OWNER, ANA, { ...ANA, userId: "a2", email: "bo@example.com" }, { ...ANA, userId: "a3", email: "cy@example.com" }];
    team("owner", { members: 4, pending: 0, used: 4, limit: 1, planId: "free", planName: "Free" }, members, []);
    renderRoutes("/team");

    expect(await screen.findByText("4 of 1 seat used on the Free plan.")).toBeTruthy();
    expect(
      screen.getByText("4 members are in this workspace, more than the Free plan's 1: they keep their access, and none was removed. The workspace invites no one until members leave or the plan goes up."),
    ).toBeTruthy();
  });

  it("Enterprise: the count with no limit, the form on", async () => {
    team("owner", { members: 30, pending: 2, used: 32, limit: null, planId: "enterprise", planName: "Enterprise" });
    renderRoutes("/team");

    expect(await screen.findByText("32 seats used on the Enterprise plan, which has no seat limit (2 pending invitations).")).toBeTruthy();
    expect((screen.getByLabelText("Email address") as HTMLInputElement).disabled).toBe(false);
  });

  it("shows the server's refusal under the form when it refuses anyway (seats taken since the page loaded), with the Billing link", async () => {
    const detail = "Your Pro plan includes up to 3 team members, pending invitations included, and all 3 seats are taken (2 team members, 1 pending invitation). Withdraw an invitation or remove a member first, or move to the Agency plan (25 team members) at /billing.";
    const api = team("owner", pro(2, 0), [OWNER, ANA], [], { "POST /api/workspaces/invitations": json({ detail, code: "plan_limit" }, 403) });
    renderRoutes("/team");

    fireEvent.change(await screen.findByLabelText("Email address"), { target: { value: "late@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("all 3 seats are taken (2 team members, 1 pending invitation)");
    expect(alert.textContent).toContain("or move to the Agency plan (25 team members) on the Billing page.");
    expect(alert.closest("section")?.getAttribute("aria-labelledby")).toBe("invite-heading");
    await waitFor(() => expect(api.requests("POST /api/workspaces/invitations")).toHaveLength(1));
    expect(screen.queryByText(/Invitation sent to/)).toBeNull();
  });
});
