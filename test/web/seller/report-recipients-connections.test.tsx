import { waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BrandingResponse } from "@contract/branding";
import { json } from "./fake-api";
import { openTab, panel, renderSettings } from "./settings-render";
import { euConnection, US_CONNECTION } from "./connection-fixtures";

/** Settings → Branding → Weekly report recipients: one client's report or the whole workspace's. */
const BRANDING: BrandingResponse = { display_name: "Agency One", accent_color: null, logo: null, can_edit: true };
const US = US_CONNECTION;
const EU = euConnection("Beta EU");

describe("the report recipient form's seller-account picker", () => {
  it("with two seller accounts, adds an address for one client and shows whose report each address gets", async () => {
    const { user, api } = await renderSettings({
      "GET /api/branding": json(BRANDING),
      "GET /api/connections": json({ connections: [US, EU] }),
      "GET /api/branding/recipients": json({ recipients: [{ email: "boss@agency.example", confirmed: true }] }),
      "POST /api/branding/recipients": json({
        recipients: [
          { email: "beta@client.example", confirmed: false, connection_id: "c-eu", connection_name: "Beta EU" },
          { email: "boss@agency.example", confirmed: true },
        ],
      }),
    });
    await openTab(user, "Branding");
    const picker = await within(panel()).findByLabelText<HTMLSelectElement>("Report for");
    expect([...picker.options].map((option) => option.text)).toEqual(["All seller accounts", "Acme US", "Beta EU"]);
    expect(picker.value).toBe("");
    expect(within(panel()).getByText("All seller accounts", { selector: "span.seller-muted" })).toBeTruthy();

    await user.type(within(panel()).getByLabelText("Email address"), "beta@client.example");
    await user.selectOptions(picker, "Beta EU");
    await user.click(within(panel()).getByRole("button", { name: "Send confirmation" }));
    await waitFor(() => expect(api.requests("POST /api/branding/recipients")).toHaveLength(1));
    expect(api.requests("POST /api/branding/recipients")[0]!.body).toEqual({ email: "beta@client.example", connection_id: "c-eu" });
    const added = (await within(panel()).findByText("beta@client.example", { selector: "li > span:first-child" })).closest("li") as HTMLElement;
    expect(within(added).getByText("Beta EU")).toBeTruthy();
  }, 20_000);

  it("with one seller account there is no picker and the address gets the whole workspace's report", async () => {
    const { user, api } = await renderSettings({
      "GET /api/branding": json(BRANDING),
      "GET /api/connections": json({ connections: [US] }),
      "GET /api/branding/recipients": json({ recipients: [] }),
      "POST /api/branding/recipients": json({ recipients: [{ email: "a@example.com", confirmed: false }] }),
    });
    await openTab(user, "Branding");
    await user.type(await within(panel()).findByLabelText("Email address"), "a@example.com");
    expect(within(panel()).queryByLabelText("Report for")).toBeNull();
    await user.click(within(panel()).getByRole("button", { name: "Send confirmation" }));
    await waitFor(() => expect(api.requests("POST /api/branding/recipients")).toHaveLength(1));
    expect(api.requests("POST /api/branding/recipients")[0]!.body).toEqual({ email: "a@example.com" });
  });
});
