import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { tablePage } from "../../../web/src/pages/dashboard/table-page";
import { changeSince } from "../../../web/src/pages/dashboard/TrackedTable";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json } from "../seller/fake-api";
import { dashboard, dashboardRow } from "./dashboard-fixture";

describe("tablePage", () => {
  it("cuts 50-row pages, clamps a page past either end, and says which rows it shows", () => {
    const rows = Array.from({ length: 120 }, (_, i) => i);
    expect(tablePage(rows, 0)).toMatchObject({ page: 0, pages: 3, first: 1, last: 50, total: 120 });
    expect(tablePage(rows, 2).rows).toEqual(rows.slice(100));
    expect(tablePage(rows, 9)).toMatchObject({ page: 2, first: 101, last: 120 });
    expect(tablePage(rows, -1).page).toBe(0);
    expect(tablePage([], 3)).toMatchObject({ rows: [], page: 0, pages: 1, first: 0, last: 0, total: 0 });
  });
});

describe("the tracked-ASIN table with 10,000 rows", () => {
  it("renders one page of 50 rows at a time; next, previous and a new sort move through all of them", async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      dashboardRow({ asin: `B0PAGE${String(i).padStart(4, "0")}`, rank: 10_000 - i, sparkline: [] }),
    );
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard(rows)) });
    renderRoutes("/seller-central");
    const table = await screen.findByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    const asins = () => within(table).getAllByRole("link").map((link) => link.textContent);
    const pager = screen.getByRole("navigation", { name: "Tracked ASINs pages" });
    // Sorted by rank, best first: the last ASIN has rank 1.
    expect(asins()).toHaveLength(50);
    expect(asins()[0]).toBe("B0PAGE9999");
    expect(pager.textContent).toContain("1–50 of 10,000");
    expect((within(pager).getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(pager).getByRole("button", { name: "Next" }));
    expect(asins()[0]).toBe("B0PAGE9949");
    expect(pager.textContent).toContain("51–100 of 10,000");
    fireEvent.click(within(table).getByRole("button", { name: "ASIN" }));
    expect(asins()[0]).toBe("B0PAGE0000");
    expect(pager.textContent).toContain("1–50 of 10,000");
  });
});

describe("the 7-day change's basis", () => {
  it("names the day it is measured from when that is later than the week's first day", () => {
    const ranked = (...days: string[]) => days.map((day) => ({ day, rank: 100 }));
    expect(changeSince({ rankChange7d: 5, sparkline: [{ day: "2026-11-22", rank: null }, ...ranked("2026-11-26", "2026-11-28")] }, "2026-11-22")).toBe("2026-11-26");
    expect(changeSince({ rankChange7d: 5, sparkline: ranked("2026-11-22", "2026-11-28") }, "2026-11-22")).toBeNull();
    expect(changeSince({ rankChange7d: null, sparkline: ranked("2026-11-28") }, "2026-11-22")).toBeNull();
  });
});
