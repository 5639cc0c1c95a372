import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderRoutes } from "../helpers";
import { connectedUser, demoUser, fakeApi, json } from "../seller/fake-api";
import { dashboard, dashboardRow } from "./dashboard-fixture";

const card = (title: string) => screen.getByRole("heading", { name: title, level: 3 }).closest(".kpi") as HTMLElement;

describe("the dashboard on /seller-central", () => {
  it("shows each KPI with its source and as-of time, and the table sorts", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard()) });
    renderRoutes("/seller-central");
    await screen.findByRole("heading", { name: "Your tracked ASINs" });
    expect(within(card("ASINs tracked")).getByText("2")).toBeTruthy();
    expect(within(card("Average rank")).getByText("#750")).toBeTruthy();
    expect(card("Average rank").textContent).toContain("Amazon Creators API · as of 2026-11-24 02:00 UTC");
    expect(within(card("Buy Box held")).getByText("1 of 2")).toBeTruthy();
    expect(card("Buy Box held").textContent).toContain("SP-API");
    expect(within(card("Low stock")).getByText("1")).toBeTruthy();
    expect(within(card("Biggest 7-day mover")).getByText("B0DASH0001")).toBeTruthy();
    // A rank number that fell is a better rank: the card says which way it moved.
    expect(within(card("Biggest 7-day mover")).getByText("−20% rank, better (US)")).toBeTruthy();

    const table = screen.getByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    const asins = () => within(table).getAllByRole("link").map((link) => link.textContent);
    expect(asins()).toEqual(["B0DASH0002", "B0DASH0001"]);
    fireEvent.click(within(table).getByRole("button", { name: "Rank" }));
    expect(asins()).toEqual(["B0DASH0001", "B0DASH0002"]);
    expect(within(table).getAllByRole("link")[0]!.getAttribute("href")).toBe("/results?asin=B0DASH0001&marketplace=US");
    expect(within(table).getByText("Another seller")).toBeTruthy();
    expect(screen.getByText("Rank changes: + means the rank number grew (a worse rank), − that it fell (a better one).")).toBeTruthy();
  });

  it("shows how to add ASINs, with the add form, to a new account", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard([])), "GET /api/watchlist": json({ items: [] }) });
    renderRoutes("/seller-central");
    await screen.findByRole("heading", { name: "No tracked ASINs yet" });
    expect(screen.getByRole("form", { name: "Add to watchlist" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refresh now" })).toBeTruthy();
  });

  it("offers no sample products to a real account", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard([])), "GET /api/watchlist": json({ items: [] }) });
    renderRoutes("/seller-central");
    await screen.findByRole("heading", { name: "No tracked ASINs yet" });
    expect(screen.queryByRole("button", { name: "Add sample products" })).toBeNull();
  });

  it("offers a new demo account the sample products, and shows the full dashboard once they are added", async () => {
    let rows: ReturnType<typeof dashboardRow>[] = [];
    let posted: unknown = null;
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/dashboard": () => jsonResponse({ ...dashboard(rows), demo: true }),
      "GET /api/watchlist": json({ items: [] }),
      "GET /api/notifications/unread-count": () => jsonResponse({ unread: posted === null ? 0 : 1 }),
      "POST /api/watchlist/samples": ({ body }) => {
        posted = body;
        rows = [dashboardRow({ asin: "B0SAMPLE01" }), dashboardRow({ asin: "B0SAMPLE02" })];
        return jsonResponse({ items: rows.map(({ asin }) => ({ asin, marketplace: "US", addedAt: "2026-11-28T10:00:00.000Z", paused: false, paused_reason: null })), mock_history: { asins: ["B0SAMPLE01", "B0SAMPLE02"], days: 90 }, alerts_added: 2 }, 201);
      },
    });
    renderRoutes("/seller-central");
    await screen.findByRole("heading", { name: "No tracked ASINs yet" });
    expect(screen.getByText(/Eight sample ASINs with 90 days of mock rank, price, Buy Box, stock and\s+sales history, and two alerts checked on it/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Add sample products" }));
    await screen.findByRole("heading", { name: "Your tracked ASINs" });
    expect(posted).toEqual({});
    const table = screen.getByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    expect(within(table).getAllByRole("link").map((link) => link.textContent).sort()).toEqual(["B0SAMPLE01", "B0SAMPLE02"]);
    // A sample alert fired: the header's badge shows it without waiting for a navigation.
    expect(await screen.findByRole("link", { name: /1 unread/ })).toBeTruthy();
  });

  it("says why the sample products were refused, and keeps the offer", async () => {
    fakeApi({
      "GET /api/user/status": json(demoUser()),
      "GET /api/dashboard": json({ ...dashboard([]), demo: true }),
      "GET /api/watchlist": json({ items: [] }),
      "POST /api/watchlist/samples": () => jsonResponse({ detail: "The sample products need 8 free places on your watchlist and it has 5. Remove some ASINs first.", code: "plan_limit" }, 403),
    });
    renderRoutes("/seller-central");
    fireEvent.click(await screen.findByRole("button", { name: "Add sample products" }));
    expect((await screen.findByText(/need 8 free places/)).getAttribute("role")).toBe("alert");
    expect(screen.getByRole("button", { name: "Add sample products" }).hasAttribute("disabled")).toBe(false);
  });

  it("says how many ASINs were just added, keeps the confirmation, and shows the dashboard on request", async () => {
    const watchlist: { asin: string; marketplace: string; addedAt: string; paused: boolean }[] = [];
    const rows: ReturnType<typeof dashboardRow>[] = [];
    fakeApi({
      "GET /api/user/status": json(connectedUser()),
      "GET /api/dashboard": () => jsonResponse(dashboard(rows)),
      "GET /api/watchlist": () => jsonResponse({ items: watchlist }),
      "POST /api/watchlist": ({ body }) => {
        const entry = body as { asin: string; marketplace: string };
        watchlist.push({ ...entry, addedAt: "2026-11-24T10:00:00.000Z", paused: false });
        rows.push(dashboardRow({ asin: entry.asin }));
        return jsonResponse({ added: true }, 201);
      },
    });
    renderRoutes("/seller-central");
    const form = await screen.findByRole("form", { name: "Add to watchlist" });
    expect(screen.getByRole("heading", { name: "No tracked ASINs yet" })).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("ASIN"), { target: { value: "B0DASH0009" } });
    fireEvent.submit(form);
    await screen.findByText("B0DASH0009 is now on your watchlist.");
    await screen.findByRole("heading", { name: "You now track 1 ASIN" });
    fireEvent.click(screen.getByRole("button", { name: "Show the dashboard" }));
    await screen.findByRole("heading", { name: "Your tracked ASINs" });
  });

  it("shows only the brand's ASINs on /dashboard?brand= when signed in", async () => {
    const api = fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json({ ...dashboard([dashboardRow()]), brand: "Acme" }) });
    renderRoutes("/dashboard?brand=Acme");
    await screen.findByRole("heading", { name: "Dashboard: Acme", level: 1 });
    await screen.findByRole("heading", { name: "Acme: tracked ASINs" });
    expect(api.requests("GET /api/dashboard")[0]!.url.searchParams.get("brand")).toBe("Acme");
  });
});

describe("the Buy Box column", () => {
  it("says No winner when no offer wins it, not None (read as: you hold none)", async () => {
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard([dashboardRow({ buyBox: "none" }), dashboardRow({ asin: "B0DASH0002", buyBox: "unknown" })])) });
    renderRoutes("/seller-central");
    const table = await screen.findByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    const cells = within(table).getAllByRole("row").slice(1).map((row) => row.querySelectorAll("td")[6]?.textContent);
    expect(cells.sort()).toEqual(["No winner", "—"]);
  });
});

describe("the 7-day change column", () => {
  it("says since when a change is measured that does not span the week", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const recent = dashboardRow({ rankChange7d: -20, sparkline: [{ day: yesterday, rank: 120 }, { day: today, rank: 100 }] });
    fakeApi({ "GET /api/user/status": json(connectedUser()), "GET /api/dashboard": json(dashboard([recent])) });
    renderRoutes("/seller-central");
    const table = await screen.findByRole("table", { name: "Tracked ASINs from the latest snapshots" });
    expect(within(table).getByText(`since ${yesterday}`)).toBeTruthy();
  });
});
