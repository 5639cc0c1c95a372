import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { AccountDeleted, AccountOverview } from "@contract/sign-in";
import { addStylesheets } from "../stylesheets";
import { json, noContent, sequence } from "./fake-api";
import { openTab, panel, renderSettings } from "./settings-render";

const account: AccountOverview = {
  email: "ada@example.com",
  sellingPartnerId: null,
  demo: false,
  waysIn: { passkeys: 1, email: true, amazon: false },
  otherSessions: 0,
  deletionPhrase: "ada@example.com",
};
const passkeys = { passkeys: [{ id: "cred-1", name: "Laptop", createdAt: "2026-11-20T10:00:00.000Z", lastUsedAt: null }] };
const deleted: AccountDeleted = {
  deleted: true,
  subscription: "canceled",
  erased: { sessions: 2, apiKeys: 1, alerts: 3, notifications: 4, watchlist: 5, passkeys: 1, refreshToken: false, email: "ada@example.com" },
  kept: ["Invoices and payments stay at Stripe for as long as tax law requires; RankLayer cannot erase them."],
};

describe("Settings → Account: ways in and your data", () => {
  it("lists the address and passkeys, renames one, and says why the last way in cannot go", async () => {
    const { user, api } = await renderSettings({
      "GET /api/account": json(account),
      "GET /api/passkeys": json(passkeys),
      "PATCH /api/passkeys/cred-1": json({ ...passkeys.passkeys[0], name: "Phone" }),
      "DELETE /api/passkeys/cred-1": json({ detail: "This passkey is your account's last way to sign in, so it stays.", code: "conflict" }, 409),
    });
    await openTab(user, "Account");
    expect(await within(panel()).findByText("Email link or code to ada@example.com")).toBeTruthy();
    const list = await within(panel()).findByRole("list", { name: "Passkeys" });
    expect(within(list).getByText("Laptop")).toBeTruthy();

    await user.click(within(list).getByRole("button", { name: "Rename Laptop" }));
    const field = within(list).getByLabelText("New name for Laptop");
    await user.clear(field);
    await user.type(field, "Phone");
    await user.click(within(list).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.requests("PATCH /api/passkeys/cred-1")[0]?.body).toEqual({ name: "Phone" }));

    await user.click(within(panel()).getByRole("button", { name: /^Remove / }));
    await user.click(within(panel()).getByRole("button", { name: "Yes, remove" }));
    expect((await within(panel()).findByRole("alert")).textContent).toBe("This passkey is your account's last way to sign in, so it stays.");
  });

  it("offers Try again when the passkeys did not load, and lists them on it", async () => {
    const { user } = await renderSettings({
      "GET /api/account": json(account),
      "GET /api/passkeys": sequence(json({ detail: "Too many requests: try again in 30 seconds." }, 429), json(passkeys)),
    });
    await openTab(user, "Account");
    const failed = await within(panel()).findByText(/Too many requests: try again in 30 seconds\./);
    await user.click(within(failed).getByRole("button", { name: "Try again" }));
    expect(within(await within(panel()).findByRole("list", { name: "Passkeys" })).getByText("Laptop")).toBeTruthy();
  });

  it("renames in a field styled like every other (not the browser's bare input), and can be left without saving", async () => {
    const { user, api } = await renderSettings({ "GET /api/account": json(account), "GET /api/passkeys": json(passkeys) });
    await openTab(user, "Account");
    addStylesheets("base.css", "account-access.css");
    const list = await within(panel()).findByRole("list", { name: "Passkeys" });
    await user.click(within(list).getByRole("button", { name: "Rename Laptop" }));
    const field = within(list).getByLabelText("New name for Laptop");
    const style = getComputedStyle(field);
    // The same box as every .field input: 44 px tall (a finger-sized target), padded, rounded.
    expect([style.minHeight, style.paddingLeft, style.borderRadius]).toEqual(["44px", "12px", "12px"]);

    await user.type(field, " 2");
    await user.click(within(list).getByRole("button", { name: "Cancel" }));
    expect(within(list).queryByLabelText("New name for Laptop")).toBeNull();
    expect(within(list).getByText("Laptop")).toBeTruthy();
    expect(api.requests("PATCH /api/passkeys/cred-1")).toEqual([]);
  });

  it("sends one confirmation link however often Send is pressed while it is on its way, then takes a refusal and keeps the address", async () => {
    const amazonOnly: AccountOverview = { ...account, email: null, sellingPartnerId: "A1SELLER", waysIn: { passkeys: 0, email: false, amazon: true } };
    let answer: (response: Response) => void = () => undefined;
    const { user, api } = await renderSettings({
      "GET /api/account": json(amazonOnly),
      "GET /api/passkeys": json({ passkeys: [] }),
      "POST /api/account/email": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await openTab(user, "Account");
    const form = await within(panel()).findByRole("form", { name: "Add an email address" });
    const field = within(form).getByLabelText("Email address") as HTMLInputElement;
    await user.type(field, "ada@example.com");
    const send = within(form).getByRole("button", { name: /Send confirmation link|Sending/ }) as HTMLButtonElement;
    await user.click(send);
    await user.click(send);

    expect(send.disabled).toBe(true);
    expect(api.requests("POST /api/account/email")).toHaveLength(1);

    const detail = "Too many emails to this address: at most 5 an hour. Try again in 40 minutes.";
    answer(new Response(JSON.stringify({ detail, code: "rate_limited" }), { status: 429, headers: { "Content-Type": "application/json", "Retry-After": "2400" } }));
    expect((await within(form).findByRole("alert")).textContent).toBe(detail);
    expect(field.value).toBe("ada@example.com");
    expect(send.disabled).toBe(false);
  });

  it("changes an address the account has: says the old one stops and is told, and sends the new one its link", async () => {
    const detail = "We sent a confirmation link to grace@example.com. Open it in this browser.";
    const { user, api } = await renderSettings({
      "GET /api/account": json(account),
      "GET /api/passkeys": json(passkeys),
      "POST /api/account/email": json({ detail }, 202),
    });
    await openTab(user, "Account");
    const form = await within(panel()).findByRole("form", { name: "Change your email address" });
    const field = within(form).getByLabelText("New email address");
    expect(document.getElementById(field.getAttribute("aria-describedby")!)!.textContent).toBe(
      "A confirmation link and code go to the new address. Once you open the link in this browser or type the code here, the new address signs you in and ada@example.com no longer does; ada@example.com is told of the change.",
    );
    await user.type(field, "grace@example.com");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));
    expect((await within(form).findByRole("status")).textContent).toBe(detail);
    expect(api.requests("POST /api/account/email").map((request) => request.body)).toEqual([{ email: "grace@example.com" }]);
    expect(within(panel()).queryByRole("form", { name: "Add an email address" })).toBeNull();
  });

  it("confirms the new address with the code from its email, typed here, when the mail was read on another device", async () => {
    const amazonOnly: AccountOverview = { ...account, email: null, sellingPartnerId: "A1SELLER", waysIn: { passkeys: 0, email: false, amazon: true } };
    const { user, api } = await renderSettings({
      "GET /api/account": sequence(json(amazonOnly), json({ ...amazonOnly, email: "ada@example.com", waysIn: { passkeys: 0, email: true, amazon: true } })),
      "GET /api/passkeys": json({ passkeys: [] }),
      "POST /api/account/email": json({ detail: "We sent a confirmation link and a 6-digit code to that address." }, 202),
      "POST /api/account/email/code": json({ purpose: "add_email", created: false, email: "ada@example.com", status: null }),
    });
    await openTab(user, "Account");
    const form = await within(panel()).findByRole("form", { name: "Add an email address" });
    await user.type(within(form).getByLabelText("Email address"), "ada@example.com");
    await user.click(within(form).getByRole("button", { name: "Send confirmation link" }));

    const codeForm = await within(panel()).findByRole("form", { name: "Confirm with the code" });
    await user.type(within(codeForm).getByLabelText(/Type its 6-digit code here \(ada@example\.com\)/), "04 29 17");
    await user.click(within(codeForm).getByRole("button", { name: "Confirm with code" }));
    expect(await within(panel()).findByText("ada@example.com is confirmed: it signs you in from now on.")).toBeTruthy();
    expect(api.requests("POST /api/account/email/code").map((request) => request.body)).toEqual([{ code: "042917" }]);
    expect(await within(panel()).findByText("Email link or code to ada@example.com")).toBeTruthy();
  });

  it("tells an account that signs in only with Amazon to add another way in: a new browser cannot use Amazon alone", async () => {
    const note = "Amazon sign-in opens this account only in browsers that have signed in to it before. Add an email address or a passkey to sign in from a new computer or phone.";
    const amazonOnly: AccountOverview = { ...account, email: null, sellingPartnerId: "A1SELLER", waysIn: { passkeys: 0, email: false, amazon: true } };
    const { user } = await renderSettings({ "GET /api/account": json(amazonOnly), "GET /api/passkeys": json({ passkeys: [] }) });
    await openTab(user, "Account");
    expect((await within(panel()).findByRole("note")).textContent).toBe(note);
  });

  it("says nothing of it once the account has a passkey too", async () => {
    const withPasskey: AccountOverview = { ...account, email: null, sellingPartnerId: "A1SELLER", waysIn: { passkeys: 1, email: false, amazon: true } };
    const { user } = await renderSettings({ "GET /api/account": json(withPasskey), "GET /api/passkeys": json(passkeys) });
    await openTab(user, "Account");
    await within(panel()).findByRole("list", { name: "Passkeys" });
    expect(within(panel()).queryByRole("note")).toBeNull();
  });

  it("tells a demo account how it signs in, rather than an empty list", async () => {
    const demo: AccountOverview = { email: null, sellingPartnerId: null, demo: true, waysIn: { passkeys: 0, email: false, amazon: false }, otherSessions: 0, deletionPhrase: "delete" };
    const { user } = await renderSettings({ "GET /api/account": json(demo) });
    await openTab(user, "Account");
    const ways = await within(panel()).findByRole("region", { name: "Ways to sign in" });
    expect(within(ways).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "The demo account signs in with Continue with Demo only. Sign in by email to make an account of your own.",
    ]);
    expect(within(ways).queryByRole("form")).toBeNull();
  });

  it("offers the export download and deletes only after the address is typed, then says what it did", async () => {
    const { user, api, router } = await renderSettings({
      "GET /api/account": json(account),
      "GET /api/passkeys": json({ passkeys: [] }),
      "DELETE /api/account": json(deleted),
      "POST /api/auth/logout": noContent(),
    });
    await openTab(user, "Account");
    expect(await within(panel()).findByRole("button", { name: "Export my data" })).toBeTruthy();
    const button = within(panel()).getByRole("button", { name: "Delete my account" });
    expect(button).toHaveProperty("disabled", true);
    await user.type(within(panel()).getByLabelText(/to confirm/), "ADA@example.com");
    expect(button).toHaveProperty("disabled", false);
    await user.click(button);
    // The signed-in screen goes with the session: the report is shown on /signin.
    expect(await screen.findByRole("heading", { name: "Your account is deleted" })).toBeTruthy();
    expect(router.location.pathname).toBe("/signin");
    expect(api.requests("DELETE /api/account")[0]!.body).toEqual({ confirm: "ADA@example.com" });
    // The plan may have been Agency, and several workspaces' subscriptions may have gone: no plan name.
    expect(screen.getByText("Your paid subscription was canceled at Stripe.")).toBeTruthy();
    expect(screen.getByText(/2 sessions, 1 API key, 3 alerts, 4 notifications, 5 watchlist entries, 1 passkey, and ada@example.com\./)).toBeTruthy();
  });

  it("downloads the export as a file, and says the hourly limit on the page when it is refused", async () => {
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:export");
    // The saving link's click: a browser downloads; happy-dom would navigate the page to it.
    const saved = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    const detail = "Too many data exports: at most 5 an hour. Try again in 42 minutes.";
    const { user, api } = await renderSettings({
      "GET /api/account": json(account),
      "GET /api/passkeys": json({ passkeys: [] }),
      "GET /api/account/export": sequence(json({ format: "ranklayer-account-export/1" }), json({ detail, code: "rate_limited" }, 429)),
    });
    await openTab(user, "Account");
    const exportButton = await within(panel()).findByRole("button", { name: "Export my data" });

    await user.click(exportButton);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(within(panel()).queryByRole("alert")).toBeNull();

    await user.click(exportButton);
    expect((await within(panel()).findByRole("alert")).textContent).toBe(detail);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(saved).toHaveBeenCalledTimes(1);
    expect(api.requests("GET /api/account/export")).toHaveLength(2);
  });
});
