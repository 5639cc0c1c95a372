import { act, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { apiFetch, showWorkspace } from "../../../web/src/api/http";
import { jsonResponse, mockFetch } from "../helpers";
import { json, sequence } from "../seller/fake-api";
import { openTab, panel, renderSettings } from "../seller/settings-render";
import { acmeWorkspaces } from "../team/workspace-fixtures";

const CHANGED = { detail: "This page shows another workspace than the one this browser now works in (Client B). …", code: "workspace_changed" };
const banner = () => screen.queryByText(/this browser now works in another workspace/)?.closest<HTMLElement>("[role=alert]") ?? null;

afterEach(() => showWorkspace(null));

describe("a tab left on a workspace another tab switched away from", () => {
  it("names the workspace it shows on every call; a refusal keeps the page and what was typed, and offers a reload", async () => {
    const { user, api } = await renderSettings({
      "GET /api/workspaces": json(acmeWorkspaces("owner")),
      "PUT /api/settings/channels": sequence(json(CHANGED, 409)),
    });
    // The header's switcher has read the list: from now on the tab says it shows Acme.
    await act(async () => {});
    await openTab(user, "Notifications");
    const email = await within(panel()).findByLabelText<HTMLInputElement>("Alert email address");
    await user.type(email, "ops@example.com");
    await user.click(within(panel()).getByRole("button", { name: "Save channels" }));

    await screen.findByText(/this browser now works in another workspace/);
    expect(within(banner()!).getByText("Acme Agency")).toBeTruthy();
    expect(within(banner()!).getByRole("button", { name: "Reload" })).toBeTruthy();
    expect(api.requests("PUT /api/settings/channels")[0]!.headers.get("X-Workspace-Id")).toBe("acme");
    expect(email.value).toBe("ops@example.com");
    // Not a session that ended: that banner stays away.
    expect(screen.queryByText(/Your session has ended/)).toBeNull();
  });

  it("sends the workspace only on the app's own session calls: not before it is known, not with a key, never to another origin", async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    await apiFetch("/api/watchlist");
    showWorkspace("acme");
    await apiFetch("/api/watchlist");
    await apiFetch("/api/v1/watchlist", { headers: { Authorization: "Bearer rl_live_x" } });
    await apiFetch("https://elsewhere.example/api/watchlist");
    const sent = fetchMock.mock.calls.map((call) => new Headers(call[1]?.headers).get("X-Workspace-Id"));
    expect(sent).toEqual([null, "acme", null, null]);
  });
});
