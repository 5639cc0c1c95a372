import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { demoUser, fakeApi, json, noContent, sequence, SIGNED_OUT } from "../seller/fake-api";
import { alertList, alertView } from "./alert-fixtures";

type Routes = Parameters<typeof fakeApi>[0];

async function renderAlerts(routes: Routes = {}) {
  const api = fakeApi({
    "GET /api/user/status": json(demoUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/alerts": json(alertList([])),
    "GET /api/watchlist": json({ items: [] }),
    ...routes,
  });
  const app = renderRoutes("/alerts");
  await screen.findByRole("heading", { level: 1, name: "Alerts" });
  return { api, ...app };
}

const alertItem = (name: string) => screen.getByRole("listitem", { name });
const fact = (scope: HTMLElement, term: string) => within(scope).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
const dialog = () => screen.getByRole("dialog", { name: "Create Alert" });
const inDialog = () => within(dialog());
const watchlist = () => screen.getByRole("region", { name: "Watchlist" });

async function openNewAlert(user: ReturnType<typeof renderRoutes>["user"]) {
  await user.click(screen.getByRole("button", { name: "New Alert" }));
  return dialog();
}

describe("/alerts", () => {
  it("prompts a signed-out visitor to connect, and asks for no alerts", async () => {
    const api = fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes("/alerts");

    expect((await screen.findByRole("link", { name: "Connect Seller Central" })).getAttribute("href")).toBe("/connect?next=%2Falerts");
    expect(api.requests("GET /api/alerts")).toEqual([]);
  });

  it("shows the five condition cards with each condition's rule and the nightly schedule", async () => {
    await renderAlerts();

    const cards = within(screen.getByRole("region", { name: "What an alert can watch" }));
    expect(cards.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent)).toEqual([
      "Rank above threshold",
      "Rank drop",
      "Price change",
      "Low stock",
      "Buy Box lost",
    ]);
    expect(cards.getByText(/^Rank drop of more than 20% in 7 days\.$/)).toBeTruthy();
    expect(cards.getByText(/^Price volatility beyond ±10% in a week\.$/)).toBeTruthy();
    expect(cards.getByText(/^Low stock below a defined threshold/)).toBeTruthy();
    expect(cards.getByText(/New alerts start at #500/)).toBeTruthy();
    expect(cards.getByText(/snapshots run daily at 02:00 UTC and alert checks at 02:30 UTC/)).toBeTruthy();
  });

  describe("the list", () => {
    it("shows each alert's condition, threshold, channels, last triggered and last check, and the plan's active limit", async () => {
      await renderAlerts({
        "GET /api/alerts": json(
          alertList([
            alertView({ last_triggered: "2026-11-22T02:30:04.000Z", last_result: "fired", last_checked_day: "2026-11-22" }),
            alertView({
              id: "alert-2",
              asin: "B07XJ8C8F5",
              conditionType: "price_change",
              threshold: 10,
              marketplace: "UK",
              email_enabled: false,
              last_result: "no_data",
              last_checked_day: "2026-11-22",
              paused: true,
            }),
            alertView({ id: "alert-3", conditionType: "buybox_lost", threshold: null, email_enabled: false, in_app_enabled: false }),
          ]),
        ),
      });

      const first = await screen.findByRole("listitem", { name: "Rank above threshold: B08N5WRWNW (US)" });
      expect(fact(first, "Threshold")).toBe("worse than #500");
      expect(fact(first, "Channels")).toBe("Email, In-app");
      expect(fact(first, "Last triggered")).toBe("2026-11-22 02:30 UTC");
      expect(fact(first, "Last check")).toBe("Fired (2026-11-22)");
      expect(within(first).getByRole("button", { name: "Pause" })).toBeTruthy();

      const paused = alertItem("Price change: B07XJ8C8F5 (UK)");
      expect(fact(paused, "Threshold")).toBe("beyond ±10%");
      expect(fact(paused, "Channels")).toBe("In-app");
      expect(fact(paused, "Last triggered")).toBe("Never");
      expect(fact(paused, "Last check")).toBe("No data (2026-11-22)");
      expect(within(paused).getByText("Paused")).toBeTruthy();
      expect(within(paused).getByRole("button", { name: "Resume" })).toBeTruthy();

      const buybox = alertItem("Buy Box lost: B08N5WRWNW (US)");
      expect(fact(buybox, "Threshold")).toBe("—");
      expect(fact(buybox, "Channels")).toBe("None");
      expect(fact(buybox, "Last check")).toBe("Not checked yet");

      expect(screen.getByText("2 of 5 active alerts on your plan")).toBeTruthy();
    });

    it("labels a last check made on mock data as mock, never as a live result; a live one stays unlabelled", async () => {
      await renderAlerts({
        "GET /api/alerts": json(
          alertList([
            alertView({ last_result: "ok", last_result_source: "mock", last_checked_day: "2026-11-22" }),
            alertView({ id: "alert-2", asin: "B07XJ8C8F5", last_result: "no_data", last_result_source: "mock", last_checked_day: "2026-11-22" }),
            alertView({ id: "alert-3", asin: "B000000003", last_result: "fired", last_result_source: "mock", last_checked_day: "2026-11-22" }),
            alertView({ id: "alert-4", asin: "B000000004", last_result: "ok", last_result_source: "live", last_checked_day: "2026-11-22" }),
          ]),
        ),
      });

      expect(fact(await screen.findByRole("listitem", { name: "Rank above threshold: B08N5WRWNW (US)" }), "Last check")).toBe("Not triggered (2026-11-22, mock data)");
      expect(fact(alertItem("Rank above threshold: B07XJ8C8F5 (US)"), "Last check")).toBe("No data (2026-11-22, mock data)");
      expect(fact(alertItem("Rank above threshold: B000000003 (US)"), "Last check")).toBe("Fired (2026-11-22, mock data)");
      expect(fact(alertItem("Rank above threshold: B000000004 (US)"), "Last check")).toBe("Not triggered (2026-11-22)");
    });

    it("says when the plan's active-alert limit is reached", async () => {
      await renderAlerts({ "GET /api/alerts": json(alertList([alertView()], { active: 5, activeLimit: 5 })) });

      expect(await screen.findByText("5 of 5 active alerts on your plan")).toBeTruthy();
      expect(screen.getByText(/^You have reached your plan's 5 active alerts/)).toBeTruthy();
    });

    it("says when there are no alerts yet, and shows a plan without a cap", async () => {
      await renderAlerts({ "GET /api/alerts": json(alertList([], { active: 0, activeLimit: null })) });
      expect(await screen.findByText(/^No alerts yet/)).toBeTruthy();
      expect(screen.getByText("0 active")).toBeTruthy();
    });

    it("shows the server's reason when the list fails to load, and tries again", async () => {
      const { api, user } = await renderAlerts({
        "GET /api/alerts": sequence(json({ detail: "Alerts are resting" }, 503), json(alertList([alertView()]))),
      });

      const failure = await screen.findByRole("alert");
      expect(within(failure).getByText("Alerts are resting")).toBeTruthy();
      await user.click(within(failure).getByRole("button", { name: "Try again" }));

      expect(await screen.findByRole("listitem", { name: "Rank above threshold: B08N5WRWNW (US)" })).toBeTruthy();
      expect(api.requests("GET /api/alerts")).toHaveLength(2);
    });

    it("pauses with PATCH {paused: true} and the XSRF header, then reloads the list", async () => {
      const { api, user } = await renderAlerts({
        "GET /api/alerts": sequence(json(alertList([alertView()])), json(alertList([alertView({ paused: true })]))),
        "PATCH /api/alerts/alert-1": json({ alert: alertView({ paused: true }) }),
      });

      const item = await screen.findByRole("listitem", { name: "Rank above threshold: B08N5WRWNW (US)" });
      const pause = within(item).getByRole("button", { name: "Pause" });
      await user.click(pause);

      // The list stays up while it reloads: the same button turns into Resume and keeps the focus.
      expect(await within(item).findByRole("button", { name: "Resume" })).toBe(pause);
      expect(document.activeElement).toBe(pause);
      expect(item.isConnected).toBe(true);
      const [patch] = api.requests("PATCH /api/alerts/alert-1");
      expect(patch?.body).toEqual({ paused: true });
      expect(patch?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
      expect(patch?.headers.get("Content-Type")).toBe("application/json");
      expect(api.requests("GET /api/alerts")).toHaveLength(2);
      expect(screen.getByText("0 of 5 active alerts on your plan")).toBeTruthy();
    });

    it("shows the server's 403 when resuming would pass the plan's limit, and keeps the alert paused", async () => {
      const { api, user } = await renderAlerts({
        "GET /api/alerts": json(alertList([alertView({ paused: true })], { active: 5 })),
        "PATCH /api/alerts/alert-1": json({ detail: "Your plan allows 5 active alerts. Pause or delete one first." }, 403),
      });

      const item = await screen.findByRole("listitem", { name: "Rank above threshold: B08N5WRWNW (US)" });
      await user.click(within(item).getByRole("button", { name: "Resume" }));

      expect((await within(item).findByRole("alert")).textContent).toBe("Your plan allows 5 active alerts. Pause or delete one first.");
      expect(api.requests("PATCH /api/alerts/alert-1")[0]?.body).toEqual({ paused: false });
      expect(api.requests("GET /api/alerts")).toHaveLength(1);
      expect(within(item).getByRole("button", { name: "Resume" })).toBeTruthy();
    });

    it("edits the threshold and channels with PATCH, then reloads", async () => {
      const { api, user } = await renderAlerts({
        "GET /api/alerts": sequence(
          json(alertList([alertView()])),
          json(alertList([alertView({ threshold: 300, email_enabled: false })])),
        ),
        "PATCH /api/alerts/alert-1": json({ alert: alertView({ threshold: 300, email_enabled: false }) }),
      });

      const item = await screen.findByRole("listitem", { name: "Rank above threshold: B08N5WRWNW (US)" });
      await user.click(within(item).getByRole("button", { name: "Edit" }));
      const form = within(item).getByRole("form", { name: "Edit alert" });
      const threshold = within(form).getByRole("spinbutton", { name: "Threshold (rank)" });
      expect((threshold as HTMLInputElement).value).toBe("500");
      await user.clear(threshold);
      await user.type(threshold, "300");
      await user.click(within(form).getByRole("checkbox", { name: "Email" }));
      await user.click(within(form).getByRole("button", { name: "Save" }));

      await waitFor(() => expect(fact(item, "Threshold")).toBe("worse than #300"));
      expect(api.requests("PATCH /api/alerts/alert-1")[0]?.body).toEqual({ threshold: 300, email_enabled: false, in_app_enabled: true });
      expect(fact(item, "Channels")).toBe("In-app");
      expect(within(item).queryByRole("form", { name: "Edit alert" })).toBeNull();
    });

    it("checks an edited threshold with the shared schema and sends nothing when it is not a whole number of at least 1", async () => {
      const { api, user } = await renderAlerts({ "GET /api/alerts": json(alertList([alertView({ conditionType: "rank_drop", threshold: 20 })])) });

      const item = await screen.findByRole("listitem", { name: "Rank drop: B08N5WRWNW (US)" });
      await user.click(within(item).getByRole("button", { name: "Edit" }));
      const threshold = within(item).getByRole("spinbutton", { name: "Threshold (% worse over 7 days)" });
      await user.clear(threshold);
      await user.type(threshold, "0");
      await user.click(within(item).getByRole("button", { name: "Save" }));

      expect(within(item).getByText("Threshold must be at least 1")).toBeTruthy();
      expect(threshold.getAttribute("aria-invalid")).toBe("true");
      expect(api.requests("PATCH /api/alerts/alert-1")).toEqual([]);
    });

    it("edits only the channels of a Buy Box alert, which has no threshold", async () => {
      const { api, user } = await renderAlerts({
        "GET /api/alerts": json(alertList([alertView({ conditionType: "buybox_lost", threshold: null })])),
        "PATCH /api/alerts/alert-1": json({ alert: alertView({ conditionType: "buybox_lost", threshold: null, in_app_enabled: false }) }),
      });

      const item = await screen.findByRole("listitem", { name: "Buy Box lost: B08N5WRWNW (US)" });
      await user.click(within(item).getByRole("button", { name: "Edit" }));
      expect(within(item).queryByRole("spinbutton")).toBeNull();
      await user.click(within(item).getByRole("checkbox", { name: "In-app" }));
      await user.click(within(item).getByRole("button", { name: "Save" }));

      await waitFor(() => expect(api.requests("PATCH /api/alerts/alert-1")).toHaveLength(1));
      expect(api.requests("PATCH /api/alerts/alert-1")[0]?.body).toEqual({ email_enabled: true, in_app_enabled: false });
    });

    it("asks before deleting; Cancel keeps the alert, Yes deletes it and reloads", async () => {
      const { api, user } = await renderAlerts({
        "GET /api/alerts": sequence(json(alertList([alertView()])), json(alertList([]))),
        "DELETE /api/alerts/alert-1": noContent(),
      });

      const item = await screen.findByRole("listitem", { name: "Rank above threshold: B08N5WRWNW (US)" });
      await user.click(within(item).getByRole("button", { name: "Delete" }));
      await user.click(within(item).getByRole("button", { name: "Cancel" }));
      expect(api.requests("DELETE /api/alerts/alert-1")).toEqual([]);

      await user.click(within(item).getByRole("button", { name: "Delete" }));
      expect(within(item).getByRole("group", { name: "Confirm delete" })).toBeTruthy();
      await user.click(within(item).getByRole("button", { name: "Yes, delete" }));

      expect(await screen.findByText(/^No alerts yet/)).toBeTruthy();
      expect(api.requests("DELETE /api/alerts/alert-1")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
      expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Your alerts" }));
    });
  });

  describe("the New Alert modal", () => {
    it("opens a labelled dialog with the default draft, all five conditions, and focus on the ASIN", async () => {
      const { user } = await renderAlerts();
      await openNewAlert(user);

      const asin = inDialog().getByRole<HTMLInputElement>("textbox", { name: "ASIN" });
      expect(document.activeElement).toBe(asin);
      expect(asin.value).toBe("");
      const condition = inDialog().getByRole<HTMLSelectElement>("combobox", { name: "Condition" });
      expect(condition.value).toBe("rank_above");
      expect([...condition.options].map((option) => option.value)).toEqual(["rank_above", "rank_drop", "price_change", "low_stock", "buybox_lost"]);
      expect(inDialog().getByRole<HTMLInputElement>("spinbutton", { name: "Threshold (rank)" }).value).toBe("500");
      expect(inDialog().getByRole<HTMLSelectElement>("combobox", { name: "Marketplace" }).value).toBe("US");
      expect(inDialog().getByRole<HTMLInputElement>("checkbox", { name: "Email" }).checked).toBe(true);
      expect(inDialog().getByRole<HTMLInputElement>("checkbox", { name: "In-app" }).checked).toBe(true);
    });

    it("starts each condition from its default threshold, and hides the threshold for Buy Box lost", async () => {
      const { user } = await renderAlerts();
      await openNewAlert(user);
      const condition = inDialog().getByRole("combobox", { name: "Condition" });

      await user.selectOptions(condition, "rank_drop");
      expect(inDialog().getByRole<HTMLInputElement>("spinbutton", { name: "Threshold (% worse over 7 days)" }).value).toBe("20");
      await user.selectOptions(condition, "price_change");
      expect(inDialog().getByRole<HTMLInputElement>("spinbutton", { name: "Threshold (± % within 7 days)" }).value).toBe("10");
      await user.selectOptions(condition, "low_stock");
      expect(inDialog().getByRole<HTMLInputElement>("spinbutton", { name: "Threshold (fulfillable units)" }).value).toBe("10");
      await user.selectOptions(condition, "buybox_lost");
      expect(inDialog().queryByRole("spinbutton")).toBeNull();
      await user.selectOptions(condition, "rank_above");
      expect(inDialog().getByRole<HTMLInputElement>("spinbutton", { name: "Threshold (rank)" }).value).toBe("500");
    });

    it("shows the shared schema's messages inline and sends nothing while the form is invalid", async () => {
      const { api, user } = await renderAlerts();
      await openNewAlert(user);

      await user.clear(inDialog().getByRole("spinbutton", { name: "Threshold (rank)" }));
      await user.click(inDialog().getByRole("button", { name: "Create alert" }));

      const asin = inDialog().getByRole("textbox", { name: "ASIN" });
      expect(inDialog().getByText("ASIN is required")).toBeTruthy();
      expect(asin.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(asin.getAttribute("aria-describedby") ?? "")?.textContent).toBe("ASIN is required");
      expect(document.activeElement).toBe(asin);

      await user.type(asin, "B08N5");
      await user.type(inDialog().getByRole("spinbutton", { name: "Threshold (rank)" }), "12.5");
      await user.click(inDialog().getByRole("button", { name: "Create alert" }));
      expect(inDialog().getByText("ASIN must be 10 letters or digits")).toBeTruthy();
      expect(inDialog().getByText("Threshold must be a whole number")).toBeTruthy();

      // The schema's cross-field rule runs once the fields themselves are valid.
      await user.type(asin, "WRWNW");
      await user.clear(inDialog().getByRole("spinbutton", { name: "Threshold (rank)" }));
      await user.click(inDialog().getByRole("button", { name: "Create alert" }));
      expect(inDialog().queryByText(/^ASIN/, { selector: ".field-error" })).toBeNull();
      expect(inDialog().getByText("Threshold is required for this condition")).toBeTruthy();
      expect(document.activeElement).toBe(inDialog().getByRole("spinbutton", { name: "Threshold (rank)" }));
      expect(api.requests("POST /api/alerts")).toEqual([]);
    });

    it("creates the alert with POST and the XSRF header, closes, reloads the list and resets the form", async () => {
      const created = alertView({ id: "alert-9", conditionType: "rank_drop", threshold: 25, marketplace: "UK", in_app_enabled: false });
      const { api, user } = await renderAlerts({
        "GET /api/alerts": sequence(json(alertList([])), json(alertList([created]))),
        "POST /api/alerts": json({ alert: created }, 201),
      });
      const newAlert = screen.getByRole("button", { name: "New Alert" });
      await openNewAlert(user);

      await user.type(inDialog().getByRole("textbox", { name: "ASIN" }), "b08n5wrwnw");
      await user.selectOptions(inDialog().getByRole("combobox", { name: "Condition" }), "rank_drop");
      const threshold = inDialog().getByRole("spinbutton", { name: "Threshold (% worse over 7 days)" });
      await user.clear(threshold);
      await user.type(threshold, "25");
      await user.selectOptions(inDialog().getByRole("combobox", { name: "Marketplace" }), "UK");
      await user.click(inDialog().getByRole("checkbox", { name: "In-app" }));
      await user.click(inDialog().getByRole("button", { name: "Create alert" }));

      expect(await screen.findByRole("listitem", { name: "Rank drop: B08N5WRWNW (UK)" })).toBeTruthy();
      const [post] = api.requests("POST /api/alerts");
      expect(post?.body).toEqual({
        asin: "B08N5WRWNW",
        conditionType: "rank_drop",
        threshold: 25,
        marketplace: "UK",
        email_enabled: true,
        in_app_enabled: false,
      });
      expect(post?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(api.requests("GET /api/alerts")).toHaveLength(2);
      expect(document.activeElement).toBe(newAlert);

      await openNewAlert(user);
      expect(inDialog().getByRole<HTMLInputElement>("textbox", { name: "ASIN" }).value).toBe("");
      expect(inDialog().getByRole<HTMLSelectElement>("combobox", { name: "Condition" }).value).toBe("rank_above");
      expect(inDialog().getByRole<HTMLInputElement>("spinbutton", { name: "Threshold (rank)" }).value).toBe("500");
    });

    it("sends no threshold for Buy Box lost", async () => {
      const { api, user } = await renderAlerts({
        "POST /api/alerts": json({ alert: alertView({ conditionType: "buybox_lost", threshold: null }) }, 201),
      });
      await openNewAlert(user);

      await user.type(inDialog().getByRole("textbox", { name: "ASIN" }), "B08N5WRWNW");
      await user.selectOptions(inDialog().getByRole("combobox", { name: "Condition" }), "buybox_lost");
      await user.click(inDialog().getByRole("button", { name: "Create alert" }));

      await waitFor(() => expect(api.requests("POST /api/alerts")).toHaveLength(1));
      expect(api.requests("POST /api/alerts")[0]?.body).toMatchObject({ conditionType: "buybox_lost", threshold: null });
    });

    it.each([
      ["a 403's detail (plan limit)", 403, { detail: "Your plan allows 5 active alerts. Pause or delete one first." }, "Your plan allows 5 active alerts. Pause or delete one first."],
      ["a 422's issues about no one field, joined", 422, { detail: [{ loc: ["json"], msg: "Body must be an object", type: "invalid_type" }, { loc: [], msg: "Try again", type: "custom" }] }, "Body must be an object, Try again"],
      ["the fallback for an unknown body", 500, { error: "boom" }, "Failed to create alert"],
    ])("shows %s in the dialog and keeps it open", async (_case, status, body, shown) => {
      const { api, user } = await renderAlerts({ "POST /api/alerts": json(body, status) });
      await openNewAlert(user);

      await user.type(inDialog().getByRole("textbox", { name: "ASIN" }), "B08N5WRWNW");
      await user.click(inDialog().getByRole("button", { name: "Create alert" }));

      expect((await inDialog().findByRole("alert")).textContent).toBe(shown);
      expect(inDialog().getByRole("button", { name: "Create alert" })).toHaveProperty("disabled", false);
      expect(api.requests("GET /api/alerts")).toHaveLength(1);
    });

    it("keeps Tab and Shift+Tab inside the dialog", async () => {
      const { user } = await renderAlerts();
      await openNewAlert(user);
      const asin = inDialog().getByRole("textbox", { name: "ASIN" });
      const cancel = inDialog().getByRole("button", { name: "Cancel" });

      await user.tab({ shift: true });
      expect(document.activeElement).toBe(cancel);
      await user.tab();
      expect(document.activeElement).toBe(asin);
      await user.tab();
      expect(document.activeElement).toBe(inDialog().getByRole("combobox", { name: "Condition" }));
    });

    it("closes on Escape and on Cancel, returning focus to New Alert and keeping what was typed", async () => {
      const { api, user } = await renderAlerts();
      const newAlert = screen.getByRole("button", { name: "New Alert" });
      await openNewAlert(user);
      await user.type(inDialog().getByRole("textbox", { name: "ASIN" }), "B08N5WRWNW");

      await user.keyboard("{Escape}");
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(document.activeElement).toBe(newAlert);

      await openNewAlert(user);
      expect(inDialog().getByRole<HTMLInputElement>("textbox", { name: "ASIN" }).value).toBe("B08N5WRWNW");
      await user.click(inDialog().getByRole("button", { name: "Cancel" }));
      expect(screen.queryByRole("dialog")).toBeNull();
      expect(api.requests("POST /api/alerts")).toEqual([]);
    });
  });

  describe("the watchlist", () => {
    const ITEMS = { items: [{ asin: "B08N5WRWNW", marketplace: "US", addedAt: "2026-11-21T08:00:00.000Z" }] };

    it("lists the tracked ASINs and removes one with DELETE /api/watchlist/:marketplace/:asin", async () => {
      const { api, user } = await renderAlerts({
        "GET /api/watchlist": sequence(json(ITEMS), json({ items: [] })),
        "DELETE /api/watchlist/US/B08N5WRWNW": noContent(),
      });

      await within(watchlist()).findByText("B08N5WRWNW");
      expect(within(watchlist()).getByText(/added 2026-11-21 08:00 UTC/)).toBeTruthy();
      await user.click(within(watchlist()).getByRole("button", { name: "Remove B08N5WRWNW (US)" }));

      expect(await within(watchlist()).findByText("No ASINs on your watchlist yet.")).toBeTruthy();
      expect(api.requests("DELETE /api/watchlist/US/B08N5WRWNW")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
      expect(within(watchlist()).getByRole("status").textContent).toBe("B08N5WRWNW (US) was removed from your watchlist.");
    });

    it("shows a refused Remove in that ASIN's own item, not under the add form a long list away", async () => {
      const detail = "The watchlist could not be changed right now; try again in a minute.";
      const items = { items: [ITEMS.items[0]!, { asin: "B07XJ8C8F5", marketplace: "US", addedAt: "2026-11-21T08:00:00.000Z" }] };
      const { user } = await renderAlerts({
        "GET /api/watchlist": json(items),
        "DELETE /api/watchlist/US/B08N5WRWNW": json({ detail, code: "upstream_unavailable" }, 503),
      });

      await user.click(await within(watchlist()).findByRole("button", { name: "Remove B08N5WRWNW (US)" }));

      const item = within(watchlist()).getByRole("button", { name: "Remove B08N5WRWNW (US)" }).closest("li")!;
      expect((await within(item).findByRole("alert")).textContent).toBe(detail);
      expect(within(watchlist()).getAllByRole("alert")).toHaveLength(1);
      expect(within(watchlist()).getByText("B07XJ8C8F5")).toBeTruthy();
    });

    it("adds an ASIN with POST, reloads, and says whether it was new or already there", async () => {
      const { api, user } = await renderAlerts({
        "GET /api/watchlist": sequence(json({ items: [] }), json(ITEMS)),
        "POST /api/watchlist": sequence(json({ item: ITEMS.items[0] }, 201), json({ item: ITEMS.items[0] }, 200)),
      });
      await within(watchlist()).findByText("No ASINs on your watchlist yet.");
      const asin = within(watchlist()).getByRole<HTMLInputElement>("textbox", { name: "ASIN" });

      await user.type(asin, "b08n5wrwnw");
      await user.click(within(watchlist()).getByRole("button", { name: "Add to watchlist" }));

      expect(await within(watchlist()).findByText("B08N5WRWNW is now on your watchlist.")).toBeTruthy();
      expect(api.requests("POST /api/watchlist")[0]?.body).toEqual({ asin: "B08N5WRWNW", marketplace: "US" });
      expect(api.requests("POST /api/watchlist")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
      expect(asin.value).toBe("");
      await within(watchlist()).findByRole("button", { name: "Remove B08N5WRWNW (US)" });

      await user.type(asin, "B08N5WRWNW");
      await user.click(within(watchlist()).getByRole("button", { name: "Add to watchlist" }));
      expect(await within(watchlist()).findByText("B08N5WRWNW was already on your watchlist.")).toBeTruthy();
    });

    it("keeps the next ASIN typed while an add is on its way (empties the field only if it still holds the added one)", async () => {
      let answer: (response: Response) => void = () => undefined;
      const { user } = await renderAlerts({
        "GET /api/watchlist": sequence(json({ items: [] }), json(ITEMS)),
        "POST /api/watchlist": () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      await within(watchlist()).findByText("No ASINs on your watchlist yet.");
      const asin = within(watchlist()).getByRole<HTMLInputElement>("textbox", { name: "ASIN" });

      await user.type(asin, "B08N5WRWNW");
      await user.click(within(watchlist()).getByRole("button", { name: "Add to watchlist" }));
      await user.clear(asin);
      await user.type(asin, "B07XJ8C8F5");
      answer(Response.json({ item: ITEMS.items[0] }, { status: 201 }));

      expect(await within(watchlist()).findByText("B08N5WRWNW is now on your watchlist.")).toBeTruthy();
      expect(asin.value).toBe("B07XJ8C8F5");
    });

    it("shows the plan limit's 403 and sends nothing for a malformed ASIN", async () => {
      const { api, user } = await renderAlerts({
        "POST /api/watchlist": json({ detail: "Your plan tracks up to 25 ASINs." }, 403),
      });
      await within(watchlist()).findByText("No ASINs on your watchlist yet.");
      const asin = within(watchlist()).getByRole("textbox", { name: "ASIN" });

      await user.type(asin, "B08");
      await user.click(within(watchlist()).getByRole("button", { name: "Add to watchlist" }));
      expect(within(watchlist()).getByText("ASIN must be 10 letters or digits")).toBeTruthy();
      expect(asin.getAttribute("aria-invalid")).toBe("true");
      expect(api.requests("POST /api/watchlist")).toEqual([]);

      await user.clear(asin);
      await user.type(asin, "B08N5WRWNW");
      await user.click(within(watchlist()).getByRole("button", { name: "Add to watchlist" }));
      expect((await within(watchlist()).findByRole("alert")).textContent).toBe("Your plan tracks up to 25 ASINs.");
    });
  });
});
