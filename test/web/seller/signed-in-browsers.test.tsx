import { within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AccountOverview } from "@contract/sign-in";
import { json, sequence } from "./fake-api";
import { openTab, panel, renderSettings } from "./settings-render";

const account: AccountOverview = {
  email: "ada@example.com",
  sellingPartnerId: null,
  demo: false,
  waysIn: { passkeys: 0, email: true, amazon: false },
  otherSessions: 2,
  deletionPhrase: "ada@example.com",
};

describe("Settings → Account → Signed-in browsers", () => {
  it("says how many other browsers are signed in and signs them all out after a yes, this one staying", async () => {
    const { user, api } = await renderSettings({
      "GET /api/account": sequence(json(account), json({ ...account, otherSessions: 0 })),
      "GET /api/passkeys": json({ passkeys: [] }),
      "POST /api/account/sign-out-others": json({ ended: 2, forgotBrowsers: true }),
    });
    await openTab(user, "Account");
    const section = await within(panel()).findByRole("region", { name: "Signed-in browsers" });
    expect(within(section).getByText("2 other browsers are signed in to your account besides this one.")).toBeTruthy();

    await user.click(within(section).getByRole("button", { name: "Sign out everywhere else" }));
    expect(within(section).getByText(/needs your email address or a passkey to sign in again/)).toBeTruthy();
    expect(api.requests("POST /api/account/sign-out-others")).toHaveLength(0);
    await user.click(within(section).getByRole("button", { name: "Yes, sign them out" }));

    expect((await within(section).findByRole("status")).textContent).toBe(
      "Signed out 2 other browsers. This one stays signed in. To sign in there again, use your email address or a passkey.",
    );
    expect(api.requests("POST /api/account/sign-out-others")).toHaveLength(1);
    expect(await within(section).findByText("Only this browser is signed in to your account.")).toBeTruthy();
    expect(within(section).queryByRole("button", { name: "Sign out everywhere else" })).toBeNull();
  });

  it("warns an account that only Amazon signs in to that its other browsers can come back with Amazon", async () => {
    const amazonOnly: AccountOverview = { ...account, email: null, sellingPartnerId: "A1SELLER", waysIn: { passkeys: 0, email: false, amazon: true }, deletionPhrase: "A1SELLER" };
    const { user } = await renderSettings({ "GET /api/account": json(amazonOnly), "GET /api/passkeys": json({ passkeys: [] }) });
    await openTab(user, "Account");
    const section = await within(panel()).findByRole("region", { name: "Signed-in browsers" });
    await user.click(within(section).getByRole("button", { name: "Sign out everywhere else" }));
    expect(within(section).getByText(/can still sign in with Amazon: add an email address or a passkey first to keep them out/)).toBeTruthy();
  });

  it("is not offered to the demo account, which has one browser", async () => {
    const demo: AccountOverview = { ...account, email: null, demo: true, waysIn: { passkeys: 0, email: false, amazon: false }, deletionPhrase: "delete" };
    const { user } = await renderSettings({ "GET /api/account": json(demo) });
    await openTab(user, "Account");
    await within(panel()).findByRole("region", { name: "Ways to sign in" });
    expect(within(panel()).queryByRole("region", { name: "Signed-in browsers" })).toBeNull();
  });
});
