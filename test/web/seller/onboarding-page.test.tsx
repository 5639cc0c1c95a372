import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../helpers";
import { connectedUser, demoUser, fakeApi, json, offline, pending, SIGNED_OUT } from "./fake-api";

const FIRST_VISIT = demoUser({ onboarded: false });

async function renderOnboarding(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ "GET /api/user/status": json(FIRST_VISIT), ...routes });
  const app = renderRoutes("/onboarding");
  await screen.findByRole("heading", { level: 1, name: "Set up your account" });
  return { api, ...app };
}

const marketplaceSelect = () => screen.getByLabelText<HTMLSelectElement>("Default Marketplace");
const brandInput = () => screen.getByLabelText<HTMLInputElement>(/Brand Name/);
const submitButton = () => screen.getByRole("button", { name: /Continue to Seller Central|Saving\.\.\./ });

describe("/onboarding", () => {
  it("prompts a signed-out visitor to connect first", async () => {
    fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes("/onboarding");

    const link = await screen.findByRole("link", { name: "Connect Seller Central" });
    expect(link.getAttribute("href")).toBe("/connect?next=%2Fonboarding");
    expect(screen.queryByLabelText("Default Marketplace")).toBeNull();
  });

  it("for a connected seller, is step 2 of 3: connecting complete, step 3 upcoming", async () => {
    await renderOnboarding({ "GET /api/user/status": json(connectedUser({ onboarded: false })) });

    expect(screen.getByText("Step 2 of 3")).toBeTruthy();
    const steps = within(screen.getByRole("list", { name: "Setup progress" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual([
      "✓Connect Seller Central (complete)",
      "2Set your preferences (current)",
      "3Track your catalog (upcoming)",
    ]);
    expect(steps[1]?.getAttribute("aria-current")).toBe("step");
    expect(screen.getByText(/The list holds the marketplaces Amazon says your account sells in/)).toBeTruthy();
  });

  it.each([
    ["an email account", demoUser({ demo: false, onboarded: false })],
    ["the demo account", FIRST_VISIT],
  ])("for %s with no Amazon connection, claims no connection and offers it as optional", async (_who, status) => {
    await renderOnboarding({ "GET /api/user/status": json(status) });

    expect(screen.getByText("Step 1 of 2")).toBeTruthy();
    const steps = within(screen.getByRole("list", { name: "Setup progress" })).getAllByRole("listitem");
    expect(steps.map((step) => step.textContent)).toEqual(["1Set your preferences (current)", "2Track your catalog (upcoming)"]);
    expect(document.body.textContent).not.toContain("(complete)");
    expect(document.body.textContent).not.toContain("Amazon says your account sells in");
    expect(screen.getByText(/No Amazon seller account is connected, so the list holds every seller marketplace/)).toBeTruthy();
    expect(screen.getByText(/Connecting Seller Central is optional/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "connect it" }).getAttribute("href")).toBe("/connect?next=%2Fonboarding");
  });

  it("offers the eight marketplaces, US by default, and an empty optional brand", async () => {
    await renderOnboarding();

    expect(Array.from(marketplaceSelect().options, (option) => option.value)).toEqual(["US", "CA", "MX", "UK", "DE", "FR", "IT", "ES"]);
    expect(marketplaceSelect().value).toBe("US");
    expect(brandInput().value).toBe("");
    expect(brandInput().required).toBe(false);
    expect(screen.getByText(/You can change these settings later/)).toBeTruthy();
  });

  it("offers only the marketplaces Amazon says the seller sells in, moving the default to one of them", async () => {
    const { api } = await renderOnboarding({ "GET /api/onboarding": json({ marketplaces: ["UK", "DE"] }) });

    await waitFor(() => expect(Array.from(marketplaceSelect().options, (option) => option.value)).toEqual(["UK", "DE"]));
    expect(marketplaceSelect().value).toBe("UK");
    expect(api.requests("GET /api/onboarding")).toHaveLength(1);
  });

  it("starts from the marketplace and brand the user saved before", async () => {
    await renderOnboarding({ "GET /api/user/status": json(demoUser({ marketplace: "FR", brandName: "Maison Claire" })) });

    expect(marketplaceSelect().value).toBe("FR");
    expect(brandInput().value).toBe("Maison Claire");
  });

  it("saves the marketplace and trimmed brand, then opens Seller Central", async () => {
    const saved = demoUser({ marketplace: "DE", brandName: "Acme" });
    const { api, router, user } = await renderOnboarding({ "POST /api/onboarding": json(saved) });

    await user.selectOptions(marketplaceSelect(), "DE");
    await user.type(brandInput(), "  Acme ");
    await user.click(submitButton());

    await waitFor(() => expect(router.location.pathname).toBe("/seller-central"));
    expect(api.requests("POST /api/onboarding").map(({ body }) => body)).toEqual([{ marketplace: "DE", brandName: "Acme" }]);
    // Seller Central shows what was just saved, without another status request.
    expect(await screen.findByText("Acme")).toBeTruthy();
    expect(api.requests("GET /api/user/status")).toHaveLength(1);
  });

  it("leaves a blank brand out of the payload", async () => {
    const { api, user } = await renderOnboarding({ "POST /api/onboarding": json(demoUser()) });

    await user.type(brandInput(), "   ");
    await user.click(submitButton());

    await waitFor(() => expect(api.requests("POST /api/onboarding")).toHaveLength(1));
    expect(api.requests("POST /api/onboarding")[0]?.body).toEqual({ marketplace: "US" });
  });

  it("reads Saving... and is disabled while saving", async () => {
    const { user } = await renderOnboarding({ "POST /api/onboarding": pending() });

    await user.click(submitButton());

    expect(submitButton().textContent).toBe("Saving...");
    expect(submitButton()).toHaveProperty("disabled", true);
    expect(marketplaceSelect().disabled).toBe(true);
  });

  it("alerts and keeps the form filled in when the network fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { router, user } = await renderOnboarding({ "POST /api/onboarding": offline() });

    await user.selectOptions(marketplaceSelect(), "IT");
    await user.type(brandInput(), "Casa Verde");
    await user.click(submitButton());

    expect((await screen.findByRole("alert")).textContent).toBe("Failed to save settings. Please try again.");
    expect(router.location.pathname).toBe("/onboarding");
    expect(submitButton().textContent).toBe("Continue to Seller Central");
    expect(submitButton()).toHaveProperty("disabled", false);
    expect(marketplaceSelect().value).toBe("IT");
    expect(brandInput().value).toBe("Casa Verde");
  });

  // The server's reason is the only way to learn what to change: "please try again" would fail the same way forever.
  it.each([
    ["brandName", "Brand name must be one line of text, without control characters", brandInput],
    ["marketplace", "Your seller data covers only US and CA: choose one of them.", marketplaceSelect],
  ] as const)("shows the server's 422 for %s by its field and keeps the form filled in", async (field, msg, control) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const detail = [{ loc: ["json", field], msg, type: "custom" }];
    const { api, router, user } = await renderOnboarding({ "POST /api/onboarding": json({ detail, code: "validation_failed" }, 422) });

    await user.selectOptions(marketplaceSelect(), "IT");
    await user.type(brandInput(), "Casa Verde");
    await user.click(submitButton());

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(msg);
    expect(control().getAttribute("aria-invalid")).toBe("true");
    expect(control().getAttribute("aria-describedby")).toBe(alert.id);
    expect(router.location.pathname).toBe("/onboarding");
    expect(submitButton()).toHaveProperty("disabled", false);
    expect(marketplaceSelect().value).toBe("IT");
    expect(brandInput().value).toBe("Casa Verde");
    expect(api.requests("POST /api/onboarding")).toHaveLength(1);
  });

  it("shows a refusal's detail that names no field", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { user } = await renderOnboarding({ "POST /api/onboarding": json({ detail: "Sign in first.", code: "unauthorized" }, 401) });

    await user.click(submitButton());

    expect((await screen.findAllByRole("alert")).map((alert) => alert.textContent)).toContain("Sign in first.");
  });
});
