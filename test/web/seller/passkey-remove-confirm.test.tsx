import { waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AccountOverview } from "@contract/sign-in";
import { json, noContent } from "./fake-api";
import { openTab, panel, renderSettings } from "./settings-render";

const account: AccountOverview = {
  email: "ada@example.com",
  sellingPartnerId: null,
  demo: false,
  waysIn: { passkeys: 2, email: true, amazon: false },
  otherSessions: 0,
  deletionPhrase: "ada@example.com",
};
const passkeys = {
  passkeys: [
    { id: "cred-1", name: "Laptop", createdAt: "2026-11-20T10:00:00.000Z", lastUsedAt: null },
    { id: "cred-2", name: "Phone", createdAt: "2026-11-21T10:00:00.000Z", lastUsedAt: null },
  ],
};

describe("Settings → Account: removing a passkey", () => {
  it("asks first: Cancel keeps it, Yes removes it", async () => {
    const { user, api } = await renderSettings({
      "GET /api/account": json(account),
      "GET /api/passkeys": json(passkeys),
      "DELETE /api/passkeys/cred-1": noContent(),
    });
    await openTab(user, "Account");
    const list = await within(panel()).findByRole("list", { name: "Passkeys" });

    await user.click(within(list).getByRole("button", { name: "Remove Laptop" }));
    expect(api.requests("DELETE /api/passkeys/cred-1")).toHaveLength(0);
    const confirm = within(list).getByRole("group", { name: "Confirm removing Laptop" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(api.requests("DELETE /api/passkeys/cred-1")).toHaveLength(0);

    await user.click(within(list).getByRole("button", { name: "Remove Laptop" }));
    await user.click(within(within(list).getByRole("group", { name: "Confirm removing Laptop" })).getByRole("button", { name: "Yes, remove" }));
    await waitFor(() => expect(api.requests("DELETE /api/passkeys/cred-1")).toHaveLength(1));
  });
});
