import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AccountOverview } from "@contract/sign-in";
import { renderRoutes } from "../helpers";
import { dashboard } from "../dashboard/dashboard-fixture";
import { connectedUser, fakeApi, json, settingsResponse, channelSettings } from "./fake-api";

const amazonOnly: AccountOverview = {
  email: null,
  sellingPartnerId: "A1SELLER",
  demo: false,
  waysIn: { passkeys: 0, email: false, amazon: true },
  otherSessions: 0,
  deletionPhrase: "A1SELLER",
};

function renderSellerCentral(account: AccountOverview) {
  const api = fakeApi({
    "GET /api/user/status": json(connectedUser()),
    "GET /api/dashboard": json(dashboard()),
    "GET /api/account": json(account),
    "GET /api/settings": json(settingsResponse()),
    "GET /api/settings/channels": json(channelSettings()),
    "GET /api/passkeys": json({ passkeys: [] }),
  });
  return { api, ...renderRoutes("/seller-central") };
}

describe("the notice to an account that only Amazon signs in to", () => {
  it("tells it on Seller Central (where Amazon sign-in lands) that a new browser cannot open it, and opens Settings → Account to add a way in", async () => {
    const { user } = renderSellerCentral(amazonOnly);
    const notice = await screen.findByRole("note");
    expect(notice.textContent).toMatch(/Only browsers you have signed in with before can open this account/);

    await user.click(screen.getByRole("link", { name: "Add a way to sign in" }));
    await screen.findByRole("tablist", { name: "Settings" });
    expect(screen.getByRole("tab", { name: "Account" }).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByRole("heading", { name: "Add an email address" })).toBeTruthy();
  });

  it("says nothing once the account has an email address or a passkey", async () => {
    const { api } = renderSellerCentral({ ...amazonOnly, waysIn: { passkeys: 1, email: false, amazon: true } });
    await screen.findByRole("heading", { level: 1, name: "Seller Central" });
    await waitFor(() => expect(api.requests("GET /api/account")).toHaveLength(1));
    expect(screen.queryByText(/Only browsers you have signed in with before/)).toBeNull();
  });
});
