import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { alertList, alertView } from "../pages/alert-fixtures";
import { demoUser, fakeApi, json } from "../seller/fake-api";

const LIMIT = "Your Free plan allows 5 active alerts. Pause or delete one first. Upgrade to Pro at /billing to lift it.";

describe("/alerts after a downgrade", () => {
  it("says which alerts and watchlist entries the plan paused and why, and limit messages link to /billing", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
      "GET /api/alerts": json(alertList([alertView({ id: "a1", paused: true, paused_reason: "plan_limit" })], { active: 5, activeLimit: 5 })),
      "GET /api/watchlist": json({
        items: [{ asin: "B000000009", marketplace: "DE", addedAt: "2026-11-20T09:00:00.000Z", paused: true, paused_reason: "plan_limit" }],
      }),
      "PATCH /api/alerts/a1": json({ detail: LIMIT }, 403),
    });
    const { user } = renderRoutes("/alerts");
    const item = await screen.findByRole("listitem", { name: /B08N5WRWNW/ });
    expect(within(item).getByText("Paused: plan limit")).toBeTruthy();
    expect(within(item).getByRole("link", { name: "Upgrade to resume it" }).getAttribute("href")).toBe("/billing");
    expect(screen.getByText("Not tracked: plan limit")).toBeTruthy();

    await user.click(within(item).getByRole("button", { name: "Resume" }));
    const refusal = await within(item).findByRole("alert");
    expect(refusal.textContent).toContain(LIMIT);
    expect(within(refusal).getByRole("link", { name: "See plans and upgrade" }).getAttribute("href")).toBe("/billing");
  });
});
