import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BrandingResponse } from "@contract/branding";
import { json, offline, sequence } from "./fake-api";
import { openTab, panel, renderSettings } from "./settings-render";

const EMPTY: BrandingResponse = { display_name: null, accent_color: null, logo: null, can_edit: true };
const NO_RECIPIENTS = { recipients: [], add_refusal: null };

describe("Settings → Branding", () => {
  it("saves the name and colour and previews the report heading", async () => {
    const saved: BrandingResponse = { ...EMPTY, display_name: "Acme Agency", accent_color: "#1d4ed8" };
    const { user, api } = await renderSettings({
      "GET /api/branding": json(EMPTY),
      "GET /api/branding/recipients": json(NO_RECIPIENTS),
      "PUT /api/branding": json(saved),
    });
    await openTab(user, "Branding");
    const region = panel();
    await user.type(await within(region).findByLabelText("Display name"), "Acme Agency");
    await user.type(within(region).getByLabelText("Accent colour"), "#1d4ed8");
    await user.click(within(region).getByRole("button", { name: "Save branding" }));
    await waitFor(() => expect(api.requests("PUT /api/branding")).toHaveLength(1));
    expect(api.requests("PUT /api/branding")[0]!.body).toEqual({ display_name: "Acme Agency", accent_color: "#1d4ed8" });
    expect(await within(region).findByText("Branding saved.")).toBeTruthy();
    const preview = within(region).getByRole("figure", { name: "Report preview" });
    expect(within(preview).getByText("Prepared by Acme Agency").getAttribute("style")).toContain("background");
  });

  it("shows the server's refusal of a light colour under the colour field, in the form", async () => {
    const { user } = await renderSettings({
      "GET /api/branding": json(EMPTY),
      "GET /api/branding/recipients": json(NO_RECIPIENTS),
      "PUT /api/branding": json(
        { code: "validation_failed", detail: [{ loc: ["body", "accent_color"], msg: "The accent colour #ffff00 is too light for white text", type: "value_error" }] },
        422,
      ),
    });
    await openTab(user, "Branding");
    await user.type(await within(panel()).findByLabelText("Accent colour"), "#ffff00");
    await user.click(within(panel()).getByRole("button", { name: "Save branding" }));
    const alert = await within(panel()).findByRole("alert");
    expect(alert.textContent).toContain("too light for white text");
    // By its field, inside the form: at 390 px the logo field below the form pushed it out of view.
    const field = within(panel()).getByLabelText("Accent colour");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(field.getAttribute("aria-describedby")?.split(" ")).toContain(alert.id);
    expect(within(panel()).getByRole("form", { name: "Branding" }).contains(alert)).toBe(true);
    expect((field as HTMLInputElement).value).toBe("#ffff00");
  });

  it("shows a save's refusal under Save, and a logo's under the logo field", async () => {
    const { user } = await renderSettings({
      "GET /api/branding": json(EMPTY),
      "GET /api/branding/recipients": json(NO_RECIPIENTS),
      "PUT /api/branding": json({ detail: "Branding is resting.", code: "upstream_unavailable" }, 503),
      "PUT /api/branding/logo": json({ detail: "The logo is larger than 256 kB.", code: "payload_too_large" }, 413),
    });
    await openTab(user, "Branding");
    await user.type(await within(panel()).findByLabelText("Display name"), "Acme");
    await user.click(within(panel()).getByRole("button", { name: "Save branding" }));
    const form = within(panel()).getByRole("form", { name: "Branding" });
    expect((await within(form).findByRole("alert")).textContent).toBe("Branding is resting.");

    await user.upload(within(panel()).getByLabelText("Logo"), new File(["x".repeat(10)], "logo.png", { type: "image/png" }));
    const logoField = within(panel()).getByLabelText("Logo").closest(".field") as HTMLElement;
    expect((await within(logoField).findByRole("alert")).textContent).toBe("The logo is larger than 256 kB.");
    expect(within(panel()).getAllByRole("alert")).toHaveLength(1);
    // The file stays picked, but the same bytes would be refused again: no retry is offered.
    expect((within(panel()).getByLabelText("Logo") as HTMLInputElement).files?.[0]?.name).toBe("logo.png");
    expect(within(logoField).queryByRole("button", { name: /again/ })).toBeNull();
  });

  it("after a failed logo upload keeps the chosen file and the saved logo, and uploads it again without a new pick", async () => {
    const saved: BrandingResponse = { ...EMPTY, display_name: "Acme", logo: { url: "http://localhost/api/branding/logo/old", type: "image/png", bytes: 90 } };
    const uploaded: BrandingResponse = { ...saved, logo: { url: "http://localhost/api/branding/logo/new", type: "image/png", bytes: 10 } };
    const { user, api } = await renderSettings({
      "GET /api/branding": json(saved),
      "GET /api/branding/recipients": json(NO_RECIPIENTS),
      "PUT /api/branding/logo": sequence(offline(), json(uploaded)),
    });
    await openTab(user, "Branding");
    const picker = (await within(panel()).findByLabelText("Logo")) as HTMLInputElement;
    await user.upload(picker, new File(["x".repeat(10)], "new-logo.png", { type: "image/png" }));

    const logoField = picker.closest(".field") as HTMLElement;
    expect((await within(logoField).findByRole("alert")).textContent).toBe("Could not upload new-logo.png. Please try again.");
    expect(picker.files?.[0]?.name).toBe("new-logo.png");
    const preview = within(panel()).getByRole("figure", { name: "Report preview" });
    expect(within(preview).getByRole<HTMLImageElement>("img").getAttribute("src")).toBe("/api/branding/logo/old");

    await user.click(within(logoField).getByRole("button", { name: "Upload new-logo.png again" }));
    expect(await within(logoField).findByText("Logo uploaded.")).toBeTruthy();
    expect(api.requests("PUT /api/branding/logo").map((request) => request.headers.get("Content-Type"))).toEqual(["image/png", "image/png"]);
    expect(within(preview).getByRole<HTMLImageElement>("img").getAttribute("src")).toBe("/api/branding/logo/new");
    expect(within(logoField).queryByRole("button", { name: /again/ })).toBeNull();
    // Emptied once uploaded: picking the same file for the next change is a change again.
    expect(picker.value).toBe("");
  });

  it("lists recipients with their confirmation state and adds one", async () => {
    const { user, api } = await renderSettings({
      "GET /api/branding": json(EMPTY),
      "GET /api/branding/recipients": json({ recipients: [{ email: "client@example.com", confirmed: true }] }),
      "POST /api/branding/recipients": json({ recipients: [{ email: "client@example.com", confirmed: true }, { email: "new@example.com", confirmed: false }] }),
    });
    await openTab(user, "Branding");
    expect(await within(panel()).findByText("Confirmed")).toBeTruthy();
    await user.type(within(panel()).getByLabelText("Email address"), "new@example.com");
    await user.click(within(panel()).getByRole("button", { name: "Send confirmation" }));
    expect(await within(panel()).findByText("Waiting for confirmation")).toBeTruthy();
    expect(api.requests("POST /api/branding/recipients")[0]!.body).toEqual({ email: "new@example.com" });
  });

  it("keeps the next address typed while an add is on its way", async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user } = await renderSettings({
      "GET /api/branding": json(EMPTY),
      "GET /api/branding/recipients": json({ recipients: [] }),
      "POST /api/branding/recipients": () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await openTab(user, "Branding");
    const field = (await within(panel()).findByLabelText("Email address")) as HTMLInputElement;
    await user.type(field, "new@example.com");
    await user.click(within(panel()).getByRole("button", { name: "Send confirmation" }));
    await user.clear(field);
    await user.type(field, "next@example.com");
    answer(Response.json({ recipients: [{ email: "new@example.com", confirmed: false }] }));

    expect(await within(panel()).findByText("Waiting for confirmation")).toBeTruthy();
    expect(field.value).toBe("next@example.com");
  });

  it("shows a refused Remove in that address's own item, not under the add form", async () => {
    const detail = "Recipients are resting; try again in a minute.";
    const { user } = await renderSettings({
      "GET /api/branding": json(EMPTY),
      "GET /api/branding/recipients": json({ recipients: [{ email: "a@example.com", confirmed: true }, { email: "b@example.com", confirmed: false }] }),
      "DELETE /api/branding/recipients/a@example.com": json({ detail, code: "upstream_unavailable" }, 503),
    });
    await openTab(user, "Branding");

    await user.click(await within(panel()).findByRole("button", { name: "Remove a@example.com" }));

    const item = within(panel()).getByRole("button", { name: "Remove a@example.com" }).closest("li")!;
    expect((await within(item).findByRole("alert")).textContent).toBe(detail);
    expect(within(panel()).getAllByRole("alert")).toHaveLength(1);
  });

  it("tells a demo account why it adds no address, instead of offering the field", async () => {
    const refusal = "A demo account cannot send the report to other addresses: its reports are sample data.";
    const { user } = await renderSettings({
      "GET /api/branding": json(EMPTY),
      "GET /api/branding/recipients": json({ recipients: [], add_refusal: refusal }),
    });
    await openTab(user, "Branding");
    expect(await within(panel()).findByText(refusal)).toBeTruthy();
    expect(within(panel()).queryByLabelText("Email address")).toBeNull();
    expect(within(panel()).queryByRole("button", { name: "Send confirmation" })).toBeNull();
  });

  it("is read-only for a member who is not an owner or admin", async () => {
    const { user } = await renderSettings({
      "GET /api/branding": json({ ...EMPTY, display_name: "Acme Agency", can_edit: false }),
      "GET /api/branding/recipients": json(NO_RECIPIENTS),
    });
    await openTab(user, "Branding");
    expect(await within(panel()).findByText("Only an owner or admin of the workspace can change its branding.")).toBeTruthy();
    expect(within(panel()).getByRole<HTMLButtonElement>("button", { name: "Save branding" }).disabled).toBe(true);
    expect(screen.queryByLabelText("Email address")).toBeNull();
  });
});
