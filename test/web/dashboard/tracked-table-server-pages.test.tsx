import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DashboardSort } from "@contract/dashboard";
import { dashboardBody } from "../../../worker/dashboard/dashboard-page";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, type FakeRequest } from "../seller/fake-api";
import { jsonResponse } from "../helpers";
import { dashboardRow } from "./dashboard-fixture";

const ROWS = Array.from({ length: 10_000 }, (_, i) => dashboardRow({ asin: `B0SRV${String(i).padStart(5, "0")}`, rank: 10_000 - i, sparkline: [] }));

/** The Worker's own paging (dashboardBody) behind the fake API: only the asked-for page comes back. */
function pagedDashboard({ url }: FakeRequest) {
  const number = (name: string) => (url.searchParams.has(name) ? Number(url.searchParams.get(name)) : undefined);
  const body = dashboardBody(
    ROWS,
    { page: number("page"), pageSize: number("pageSize"), sort: (url.searchParams.get("sort") ?? undefined) as DashboardSort | undefined, order: (url.searchParams.get("order") ?? undefined) as "asc" | "desc" | undefined },
    { marketplaces: ["US"], brand: null, demo: false, intraday: true },
  );
  return jsonResponse(body);
}

describe("the tracked-ASIN table paged by the server", () => {
  it("asks for one sorted page of 50, shows the server's total, and asks again for the next page and a new sort", async () => {
    const api = fakeApi({ "GET /api/user/status": () => jsonResponse(connectedUser()), "GET /api/dashboard": pagedDashboard });
    renderRoutes("/seller-central");
    const table = await screen.findByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    const asins = () => within(table).getAllByRole("link").map((link) => link.textContent);
    const pager = screen.getByRole("navigation", { name: "Tracked ASINs pages" });
    const lastQuery = () => api.requests("GET /api/dashboard").at(-1)!.url.searchParams;

    expect(Object.fromEntries(lastQuery())).toEqual({ sort: "rank", order: "asc", page: "1", pageSize: "50" });
    // Every answer carries 50 rows, never 10,000; the KPIs count all of them.
    expect(asins()).toHaveLength(50);
    expect(asins()[0]).toBe("B0SRV09999");
    expect(pager.textContent).toContain("1–50 of 10,000");
    expect(screen.getByRole("heading", { name: "ASINs tracked", level: 3 }).closest(".kpi")!.textContent).toContain("10,000");

    fireEvent.click(within(pager).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(asins()[0]).toBe("B0SRV09949"));
    expect(lastQuery().get("page")).toBe("2");
    expect(pager.textContent).toContain("51–100 of 10,000");

    fireEvent.click(within(table).getByRole("button", { name: "ASIN" }));
    await waitFor(() => expect(asins()[0]).toBe("B0SRV00000"));
    expect(Object.fromEntries(lastQuery())).toMatchObject({ sort: "asin", order: "asc", page: "1" });
    expect(pager.textContent).toContain("1–50 of 10,000");
  });
});
