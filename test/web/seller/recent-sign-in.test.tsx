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
