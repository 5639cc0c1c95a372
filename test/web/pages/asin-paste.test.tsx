import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { demoUser, fakeApi, json } from "../seller/fake-api";
import { alertList } from "./alert-fixtures";

async function renderAlerts() {
  const api = fakeApi({
    "GET /api/user/status": json(demoUser()),
    "GET /api/notifications/unread-count": json({ unread: 0 }),
    "GET /api/alerts": json(alertList([])),
    "GET /api/watchlist": json({ items: [] }),
    "POST /api/watchlist": json({ item: { asin: "B07XJ8C8F5", marketplace: "UK", addedAt: "2026-11-23T00:00:00.000Z" } }, 201),
  });
  const app = renderRoutes("/alerts");
  await screen.findByRole("heading", { level: 1, name: "Alerts" });
  return { api, ...app };
}

describe("pasting into the signed-in ASIN fields", () => {
  it("the alert form takes the ASIN and marketplace out of a product URL, and keeps a padded paste whole", async () => {
    const { user } = await renderAlerts();
    await user.click(screen.getByRole("button", { name: "New Alert" }));
    const dialog = within(screen.getByRole("dialog", { name: "Create Alert" }));
    const asin = dialog.getByRole<HTMLInputElement>("textbox", { name: "ASIN" });
    expect(asin.maxLength).toBe(-1);

    await user.paste("https://www.amazon.de/Produkt/dp/b08n5wrwnw/ref=sr_1_1");
    expect(asin.value).toBe("B08N5WRWNW");
    expect(dialog.getByRole<HTMLSelectElement>("combobox", { name: "Marketplace" }).value).toBe("DE");

    await user.clear(asin);
    await user.paste(" B07XJ8C8F5 ");
    expect(asin.value).toBe("B07XJ8C8F5");
    expect(dialog.getByRole<HTMLSelectElement>("combobox", { name: "Marketplace" }).value).toBe("DE");
  });

  it("the watchlist adds a pasted product URL in its marketplace", async () => {
    const { api, user } = await renderAlerts();
    const watchlist = within(screen.getByRole("region", { name: "Watchlist" }));
    await watchlist.findByText("No ASINs on your watchlist yet.");
    await user.click(watchlist.getByRole("textbox", { name: "ASIN" }));
    await user.paste("https://www.amazon.co.uk/gp/product/B07XJ8C8F5?th=1");
    await user.click(watchlist.getByRole("button", { name: "Add to watchlist" }));
    await watchlist.findByText(/B07XJ8C8F5/);
    expect(api.requests("POST /api/watchlist")[0]?.body).toEqual({ asin: "B07XJ8C8F5", marketplace: "UK" });
  });
});
