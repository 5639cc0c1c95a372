import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AuditEntryView } from "@contract/workspaces";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json, type FakeRequest } from "../seller/fake-api";
import { acmeWorkspaces, PERSONAL_WORKSPACE } from "./workspace-fixtures";

const DEMO_OWNER_ID = "433f492d-810e-4177-9c5e-900802eab437";

function entry(overrides: Partial<AuditEntryView>): AuditEntryView {
  return {
    id: "e1",
    actorUserId: "a1",
    actorEmail: "ana@example.com",
    actorDeleted: false,
    action: "member.join",
    target: "ana@example.com",
    targetEmail: null,
    detail: {},
    clientAddress: null,
    createdAt: "2026-11-28T17:28:00.000Z",
    ...overrides,
  };
}

function renderAudit(role: "owner" | "analyst", audit: (request: FakeRequest) => Response | Promise<Response>) {
  fakeApi({
    "GET /api/user/status": json(connectedUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/workspaces": json(acmeWorkspaces(role, [PERSONAL_WORKSPACE])),
    "GET /api/workspaces/audit": audit,
  });
  return renderRoutes("/team/audit");
}

describe("/team/audit", () => {
  it("names an actor without an email as /team does, never by their account id", async () => {
    renderAudit(
      "owner",
      json({
        entries: [entry({ id: "e2" }), entry({ id: "e1", actorUserId: DEMO_OWNER_ID, actorEmail: null, action: "member.invite" })],
        next: null,
      }),
    );

    const table = await screen.findByRole("table", { name: "Audit entries, newest first" });
    const invite = within(table).getByRole("row", { name: /Invited a member/ });
    expect(within(invite).getAllByRole("cell")[1]?.textContent).toBe("Amazon seller account");
    expect(table.textContent).not.toContain(DEMO_OWNER_ID);
    expect(within(table).getByRole("row", { name: /Joined the workspace/ }).textContent).toContain("ana@example.com");
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe("/api/workspaces/audit.csv");
  });

  it("names the member a change was about by address, and an account deleted since as a deleted account", async () => {
    renderAudit(
      "owner",
      json({
        entries: [
          entry({ id: "e3", actorUserId: DEMO_OWNER_ID, actorEmail: null, actorDeleted: true, action: "account.delete", target: DEMO_OWNER_ID }),
          entry({ id: "e2", actorEmail: "owner@acme.example", action: "member.role", target: DEMO_OWNER_ID, targetEmail: "bea@example.com" }),
        ],
        next: null,
      }),
    );

    const table = await screen.findByRole("table", { name: "Audit entries, newest first" });
    const deletion = within(within(table).getByRole("row", { name: /Deleted an account/ })).getAllByRole("cell");
    expect(deletion[1]?.textContent).toBe("Deleted account");
    const roleChange = within(within(table).getByRole("row", { name: /Changed a member's role/ })).getAllByRole("cell");
    expect(roleChange[2]?.textContent).toBe("bea@example.com");
  });

  it("says what each entry did in words, with the plan or role it went from and to, never as the action's code", async () => {
    renderAudit(
      "owner",
      json({
        entries: [
          entry({ id: "e4", action: "billing.plan", detail: { from: "free", to: "pro", mock: true } }),
          entry({ id: "e3", action: "member.role", detail: { from: "viewer", to: "analyst" } }),
          entry({ id: "e2", action: "key.create", detail: { name: "CI", prefix: "rl_live_ab" } }),
          entry({ id: "e1", action: "something.new" }),
        ],
        next: null,
      }),
    );

    const table = await screen.findByRole("table", { name: "Audit entries, newest first" });
    expect(within(table).getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual([
      "Changed plan: Free → Pro",
      "Changed a member's role: Viewer → Analyst",
      "Created an API key (CI)",
      // An action the page does not know yet: its code rather than nothing.
      "something.new",
    ]);
  });

  it("shows a role that may not read the log the refusal, with no Try again and no CSV link", async () => {
    const detail = "Your role in Acme Agency (analyst) may not invite, change or remove members, or read the audit log. Ask an owner or admin.";
    renderAudit("analyst", json({ detail, code: "forbidden" }, 403));

    expect((await screen.findByRole("alert")).textContent).toBe(detail);
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Download CSV" })).toBeNull();
  });

  it("still offers Try again when the log failed for another reason", async () => {
    renderAudit("owner", json({ detail: "Something failed on our side.", code: "internal" }, 500));

    expect((await screen.findByRole("alert")).textContent).toContain("Something failed on our side.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
