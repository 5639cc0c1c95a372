import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ConnectionView } from "@contract/connections";
import { renderRoutes } from "../helpers";
import { demoUser, fakeApi, json } from "../seller/fake-api";
import { alertList, alertView } from "./alert-fixtures";
import { euConnection, US_CONNECTION } from "../seller/connection-fixtures";

/** The Create Alert form's seller-account picker: seller-data alerts, workspaces with two or more connections. */
const US = US_CONNECTION;
const EU = euConnection("Beta EU");

async function openForm(connections: ConnectionView[]) {
  const created = alertView({ id: "alert-7", conditionType: "buybox_lost", threshold: null });
  const api = fakeApi({
    "GET /api/user/status": json(demoUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/alerts": json(alertList([])),
    "GET /api/watchlist": json({ items: [] }),
    "GET /api/connections": json({ connections }),
    "POST /api/alerts": json({ alert: created }, 201),
  });
  const { user } = renderRoutes("/alerts");
  await screen.findByRole("heading", { level: 1, name: "Alerts" });
  // The page may ask for the connections itself; the form asks once more when it opens.
  const before = api.requests("GET /api/connections").length;
  await user.click(screen.getByRole("button", { name: "New Alert" }));
  const form = within(screen.getByRole("dialog", { name: "Create Alert" }));
  // At least the form's own request (the page's may still be arriving on a busy machine).
  await waitFor(() => expect(api.requests("GET /api/connections").length).toBeGreaterThan(before));
  return { api, user, form };
}

describe("Create Alert: which seller account", () => {
  it("with two connections, a Buy Box alert can watch one of them; a rank alert has no picker", async () => {
    const { api, user, form } = await openForm([US, EU]);
    expect(form.queryByRole("combobox", { name: "Seller account" })).toBeNull();
    await user.selectOptions(form.getByRole("combobox", { name: "Condition" }), "buybox_lost");
    const picker = await form.findByRole<HTMLSelectElement>("combobox", { name: "Seller account" });
    expect([...picker.options].map((option) => option.text)).toEqual(["Any seller account", "Acme US", "Beta EU"]);
    await user.selectOptions(picker, "Beta EU");
    await user.type(form.getByRole("textbox", { name: "ASIN" }), "B08N5WRWNW");
    await user.click(form.getByRole("button", { name: "Create alert" }));
    await waitFor(() => expect(api.requests("POST /api/alerts")).toHaveLength(1));
    expect(api.requests("POST /api/alerts")[0]!.body).toMatchObject({ asin: "B08N5WRWNW", conditionType: "buybox_lost", connectionId: "c-eu" });
  }, 20_000);

  it("a seller account picked and then a public condition chosen sends no connection", async () => {
    const { api, user, form } = await openForm([US, EU]);
    await user.selectOptions(form.getByRole("combobox", { name: "Condition" }), "low_stock");
    await user.selectOptions(await form.findByRole("combobox", { name: "Seller account" }), "Acme US");
    await user.selectOptions(form.getByRole("combobox", { name: "Condition" }), "rank_above");
    await user.type(form.getByRole("textbox", { name: "ASIN" }), "B08N5WRWNW");
    await user.click(form.getByRole("button", { name: "Create alert" }));
    await waitFor(() => expect(api.requests("POST /api/alerts")).toHaveLength(1));
    expect(api.requests("POST /api/alerts")[0]!.body).not.toHaveProperty("connectionId");
  }, 20_000);

  it("with one connection there is nothing to pick", async () => {
    const { user, form } = await openForm([US]);
    await user.selectOptions(form.getByRole("combobox", { name: "Condition" }), "buybox_lost");
    expect(form.queryByRole("combobox", { name: "Seller account" })).toBeNull();
  });
});
