import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { demoUser, fakeApi, json } from "../seller/fake-api";
import { alertList } from "./alert-fixtures";

const NOT_SELLING = "You sell in US and UK only; the Buy Box of your offers cannot be watched in JP.";

async function renderAlerts(createAnswer: ReturnType<typeof json>) {
  const api = fakeApi({
    "GET /api/user/status": json(demoUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/alerts": json(alertList([])),
    "GET /api/watchlist": json({ items: [] }),
    "GET /api/connections": json({ connections: [] }),
    "POST /api/alerts": createAnswer,
  });
  const app = renderRoutes("/alerts");
  await app.user.click(await screen.findByRole("button", { name: "New Alert" }));
  return { api, ...app, dialog: within(screen.getByRole("dialog", { name: "Create Alert" })) };
}

/** A rule only the server can check (where the seller sells) is shown on the field it is about. */
describe("Create Alert: the server's 422 on a field", () => {
  it("marks the marketplace invalid with the server's words, focuses it, and keeps what was typed", async () => {
    const { user, dialog } = await renderAlerts(
      json({ detail: [{ loc: ["json", "marketplace"], msg: NOT_SELLING, type: "custom" }], code: "validation_failed" }, 422),
    );
    await user.type(dialog.getByRole("textbox", { name: "ASIN" }), "B08N5WRWNW");
    await user.selectOptions(dialog.getByRole("combobox", { name: "Condition" }), "buybox_lost");
    await user.selectOptions(dialog.getByRole("combobox", { name: "Marketplace" }), "JP");
    await user.click(dialog.getByRole("button", { name: "Create alert" }));

    const marketplace = dialog.getByRole<HTMLSelectElement>("combobox", { name: "Marketplace" });
    await screen.findByText(NOT_SELLING);
    expect(marketplace.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(marketplace.getAttribute("aria-describedby") ?? "")?.textContent).toBe(NOT_SELLING);
    expect(document.activeElement).toBe(marketplace);
    expect(marketplace.value).toBe("JP");
    expect(dialog.getByRole<HTMLInputElement>("textbox", { name: "ASIN" }).value).toBe("B08N5WRWNW");
  });

  it("puts an ASIN issue under the ASIN", async () => {
    const { user, dialog } = await renderAlerts(
      json({ detail: [{ loc: ["json", "asin"], msg: "ASIN must be 10 letters or digits", type: "invalid_format" }] }, 422),
    );
    await user.type(dialog.getByRole("textbox", { name: "ASIN" }), "B08N5WRWNW");
    await user.click(dialog.getByRole("button", { name: "Create alert" }));

    const asin = dialog.getByRole("textbox", { name: "ASIN" });
    await screen.findByText("ASIN must be 10 letters or digits");
    expect(asin.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(asin.getAttribute("aria-describedby") ?? "")?.textContent).toBe("ASIN must be 10 letters or digits");
  });
});
