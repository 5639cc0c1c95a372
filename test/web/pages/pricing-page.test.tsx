import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PLANS_BODY } from "../billing/billing-fixtures";
import { jsonResponse, mockFetch, renderApp } from "../helpers";

function planCard(name: string): HTMLElement {
  return screen.getByRole("heading", { level: 2, name }).closest("li") as HTMLElement;
}

describe("/pricing", () => {
  it("shows a loading state, then Free, Pro, Agency and Enterprise from GET /api/billing/plans", async () => {
    const fetchMock = mockFetch(() => jsonResponse(PLANS_BODY));
    renderApp("/pricing");

    expect((await screen.findByRole("status")).textContent).toBe("Loading plans...");
    await screen.findByRole("heading", { level: 2, name: "Free" });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/billing/plans");

    const free = planCard("Free");
    expect(within(free).getByText("$0")).toBeTruthy();
    for (const feature of ["100 lookups per month", "Compare up to 5 ASINs", "5 exports per day", "US marketplace"]) {
      expect(within(free).getByText(feature)).toBeTruthy();
    }
    expect(free.textContent).not.toMatch(/unlimited/i);
    expect(within(free).getByRole("link", { name: "Check an ASIN Free" }).getAttribute("href")).toBe("/");

    const pro = planCard("Pro");
    expect(within(pro).getByText("$49")).toBeTruthy();
    expect(within(pro).getByText("/ month")).toBeTruthy();
    for (const feature of ["Unlimited lookups", "Compare up to 10 ASINs", "1,000 API requests per hour", "API access key", "Priority support"]) {
      expect(within(pro).getByText(feature)).toBeTruthy();
    }
    expect(within(pro).getByRole("link", { name: "Upgrade to Pro" }).getAttribute("href")).toBe("/billing");

    const agency = planCard("Agency");
    expect(within(agency).getByText("$39")).toBeTruthy();
    expect(agency.textContent).toContain("/ seller account / month");
    for (const feature of ["Up to 50 seller accounts", "Up to 25 team members", "10,000 tracked ASINs"]) expect(within(agency).getByText(feature)).toBeTruthy();
    expect(within(agency).getByRole("link", { name: "Start Agency" }).getAttribute("href")).toBe("/billing");

    const enterprise = planCard("Enterprise");
    expect(within(enterprise).getByText("Custom")).toBeTruthy();
    expect(within(enterprise).getByText("Multi-account aggregation")).toBeTruthy();
    expect(within(enterprise).getByRole("link", { name: "Contact Sales" }).getAttribute("href")).toBe("/contact");
  });

  it("shows whatever the API states, not a copy of its own", async () => {
    mockFetch(() => jsonResponse({ plans: [{ id: "pro", name: "Pro", price_usd: 59, features: ["Something new"] }] }));
    renderApp("/pricing");
    await screen.findByRole("heading", { level: 2, name: "Pro" });
    expect(screen.getByText("$59")).toBeTruthy();
    expect(screen.getByText("Something new")).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 2, name: "Free" })).toBeNull();
  });

  it("says when the plans cannot be loaded, and tries again on request", async () => {
    let calls = 0;
    mockFetch(() => (++calls === 1 ? jsonResponse({ detail: "Service unavailable" }, 503) : jsonResponse(PLANS_BODY)));
    const { user } = renderApp("/pricing");

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "We couldn't load the plans" })).toBeTruthy();
    expect(alert.textContent).toContain("Service unavailable");

    await user.click(within(alert).getByRole("button", { name: "Try Again" }));
    await screen.findByRole("heading", { level: 2, name: "Enterprise" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("falls back to a plain message when the network fails", async () => {
    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    renderApp("/pricing");
    expect((await screen.findByRole("alert")).textContent).toContain("Please check your connection and try again.");
  });
});
