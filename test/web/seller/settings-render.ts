import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { renderRoutes } from "../helpers";
import { channelSettings, connectedUser, fakeApi, json, settingsResponse } from "./fake-api";

/** /settings for a connected seller, with the given API routes over the defaults. */
export async function renderSettings(
  routes: Parameters<typeof fakeApi>[0] = {},
): Promise<ReturnType<typeof renderRoutes> & { api: ReturnType<typeof fakeApi> }> {
  const api = fakeApi({
    "GET /api/user/status": json(connectedUser()),
    "GET /api/settings": json(settingsResponse()),
    "GET /api/settings/channels": json(channelSettings()),
    ...routes,
  });
  const app = renderRoutes("/settings");
  await screen.findByRole("tablist", { name: "Settings" });
  return { api, ...app };
}

export const tab = (name: string) => screen.getByRole("tab", { name });
export const panel = () => screen.getByRole("tabpanel");

export async function openTab(user: ReturnType<typeof renderRoutes>["user"], name: string) {
  await user.click(tab(name));
  expect(tab(name).getAttribute("aria-selected")).toBe("true");
}
