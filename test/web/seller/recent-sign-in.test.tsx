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
  otherSessions: 1,
  deletionPhrase: "ada@example.com",
};
const REAUTH = { code: "recent_sign_in_required", detail: "For your safety, confirm it is you first: you signed in more than 15 minutes ago. Nothing was changed." };

describe("Settings → Account: confirming it is you before a sensitive change", () => {
  it("asks for an emailed code when the server wants a recent sign-in, then sends the change again with what was typed", async () => {
    const { user, api } = await renderSettings({
      "GET /api/account": json(account),
      "GET /api/passkeys": json({ passkeys: [] }),
      "POST /api/account/email": sequence(json(REAUTH, 403), json({ detail: "We sent a confirmation link." }, 202)),
      "POST /api/account/reverify/email": json({ detail: "We sent a 6-digit code to your address." }, 202),
      "POST /api/account/reverify/email/code": json({ verifiedAt: "2026-11-28T23:00:00.000Z" }),
    });
    await openTab(user, "Account");
    const email = await within(panel()).findByLabelText("New email address");
    await user.type(email, "new@example.com");
    await user.click(within(panel()).getByRole("button", { name: "Send confirmation link" }));

    const dialog = await within(document.body).findByRole("dialog", { name: "Confirm it's you" });
    await user.click(await within(dialog).findByRole("button", { name: "Email a code to ada@example.com" }));
    await user.type(await within(dialog).findByLabelText("6-digit code"), "123456");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

    expect(await within(panel()).findByText("We sent a confirmation link.")).toBeTruthy();
    expect(within(document.body).queryByRole("dialog")).toBeNull();
    const sends = api.requests("POST /api/account/email");
    expect(sends).toHaveLength(2);
    expect(sends.map((request) => request.body)).toEqual([{ email: "new@example.com" }, { email: "new@example.com" }]);
    expect(api.requests("POST /api/account/reverify/email/code")[0]!.body).toEqual({ code: "123456" });
  });

  it("shows the refusal, and keeps the typed address, when the person cancels", async () => {
    const { user, api } = await renderSettings({
      "GET /api/account": json(account),
      "GET /api/passkeys": json({ passkeys: [] }),
      "POST /api/account/email": json(REAUTH, 403),
    });
    await openTab(user, "Account");
    const email = await within(panel()).findByLabelText("New email address");
    await user.type(email, "new@example.com");
    await user.click(within(panel()).getByRole("button", { name: "Send confirmation link" }));
    const dialog = await within(document.body).findByRole("dialog", { name: "Confirm it's you" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    expect(await within(panel()).findByText(REAUTH.detail)).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe("new@example.com");
    expect(api.requests("POST /api/account/email")).toHaveLength(1);
  });
});

describe("Confirm it's you: the ways offered", () => {
  async function openDialog(overview: AccountOverview) {
    const { user } = await renderSettings({
      "GET /api/account": json(overview),
      "GET /api/passkeys": json({ passkeys: [] }),
      "POST /api/account/sign-out-others": json(REAUTH, 403),
    });
    await openTab(user, "Account");
    const section = await within(panel()).findByRole("region", { name: "Signed-in browsers" });
    await user.click(within(section).getByRole("button", { name: "Sign out everywhere else" }));
    await user.click(within(section).getByRole("button", { name: "Yes, sign them out" }));
    return within(await within(document.body).findByRole("dialog", { name: "Confirm it's you" }));
  }

  it("offers Amazon sign-in again, back to this page, only to an account whose only way in is Amazon", async () => {
    const amazonOnly = await openDialog({ ...account, email: null, sellingPartnerId: "A1SELLER", waysIn: { passkeys: 0, email: false, amazon: true }, deletionPhrase: "A1SELLER" });
    const link = await amazonOnly.findByRole("link", { name: "sign in with Amazon again" });
    expect(new URL(link.getAttribute("href")!, "https://x.example").searchParams.get("next")).toMatch(/^\/settings/);
    expect(amazonOnly.queryByRole("button", { name: /Email a code/ })).toBeNull();
  });

  it("offers a passkey and an emailed code, not Amazon, to an account that has them", async () => {
    const both = await openDialog({ ...account, sellingPartnerId: "A1SELLER", waysIn: { passkeys: 1, email: true, amazon: true } });
    expect(await both.findByRole("button", { name: "Use a passkey" })).toBeTruthy();
    expect(both.getByRole("button", { name: "Email a code to ada@example.com" })).toBeTruthy();
    expect(both.queryByRole("link", { name: "sign in with Amazon again" })).toBeNull();
  });
});
