import { describe, expect, it } from "vitest";
import { AGENCY_PLAN, ENTERPRISE_PLAN, FREE_PLAN, PRO_PLAN } from "../../../worker/contract/plans";
import { acceptSeatProblem, inviteSeatProblem, seatCount, seatsView } from "../../../worker/workspaces/seats";

/** Seats against the plan's member limit, the pure part. */
describe("seatCount", () => {
  const members = [{ email: "owner@acme.example" }, { email: null }];

  it("counts members, and open invitations once per address not yet a member", () => {
    expect(seatCount(members, [])).toEqual({ members: 2, pending: 0 });
    expect(seatCount(members, [{ email: "ana@example.com" }, { email: "ana@example.com" }, { email: "bo@example.com" }])).toEqual({ members: 2, pending: 2 });
    // An invitation to someone who joined meanwhile takes no seat of its own.
    expect(seatCount(members, [{ email: "owner@acme.example" }])).toEqual({ members: 2, pending: 0 });
  });

  it("answers the seats with the plan's limit (null for Enterprise)", () => {
    expect(seatsView(PRO_PLAN, { members: 2, pending: 1 })).toEqual({ members: 2, pending: 1, used: 3, limit: 3, planId: "pro", planName: "Pro" });
    expect(seatsView(ENTERPRISE_PLAN, { members: 40, pending: 2 })).toMatchObject({ used: 42, limit: null, planId: "enterprise" });
  });
});

describe("inviteSeatProblem", () => {
  it("Free has the owner's seat only: no invitation at all, pointing to Pro", () => {
    expect(inviteSeatProblem(FREE_PLAN, { members: 1, pending: 0 }, false)).toBe(
      "Your Free plan includes 1 team member, the owner, so this workspace cannot invite anyone. To work as a team, move to the Pro plan (3 team members) at /billing.",
    );
  });

  it("Pro counts pending invitations in its 3 seats; the next plan up is Agency", () => {
    expect(inviteSeatProblem(PRO_PLAN, { members: 1, pending: 1 }, false)).toBeNull();
    expect(inviteSeatProblem(PRO_PLAN, { members: 1, pending: 2 }, false)).toBe(
      "Your Pro plan includes up to 3 team members, pending invitations included, and all 3 seats are taken (1 team member, 2 pending invitations). Withdraw an invitation or remove a member first, or move to the Agency plan (25 team members) at /billing.",
    );
    // Members past the limit (a downgrade keeps them) refuse too.
    expect(inviteSeatProblem(PRO_PLAN, { members: 5, pending: 0 }, false)).toContain("(5 team members, 0 pending invitations)");
  });

  it("a new invitation to an address already invited takes no second seat", () => {
    expect(inviteSeatProblem(PRO_PLAN, { members: 1, pending: 2 }, true)).toBeNull();
  });

  it("Agency stops at 25 and points to Enterprise; Enterprise has no limit", () => {
    expect(inviteSeatProblem(AGENCY_PLAN, { members: 20, pending: 4 }, false)).toBeNull();
    expect(inviteSeatProblem(AGENCY_PLAN, { members: 20, pending: 5 }, false)).toMatch(/^Your Agency plan includes up to 25 team members.*ask us about Enterprise at \/contact\.$/);
    expect(inviteSeatProblem(ENTERPRISE_PLAN, { members: 5000, pending: 500 }, false)).toBeNull();
  });
});

describe("acceptSeatProblem", () => {
  it("counts members only (the invitation holds its own seat), lets a member in again, and says the link still works", () => {
    expect(acceptSeatProblem(PRO_PLAN, "Acme", 2, false, "2026-12-03T10:00:00.000Z")).toBeNull();
    expect(acceptSeatProblem(PRO_PLAN, "Acme", 3, false, "2026-12-03T10:00:00.000Z")).toBe(
      "Acme is full: its Pro plan includes up to 3 team members. Ask an owner to free a seat or upgrade the plan, then open this link again; it works until 2026-12-03.",
    );
    expect(acceptSeatProblem(PRO_PLAN, "Acme", 3, true, "2026-12-03T10:00:00.000Z")).toBeNull();
    expect(acceptSeatProblem(FREE_PLAN, "Acme", 1, false, "2026-12-03T10:00:00.000Z")).toMatch(/^Acme is full: its Free plan includes up to 1 team member\./);
    expect(acceptSeatProblem(ENTERPRISE_PLAN, "Acme", 10_000, false, "2026-12-03T10:00:00.000Z")).toBeNull();
  });
});
