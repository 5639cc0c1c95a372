import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SESSION_ENDED_EVENT } from "../../../web/src/api/http";
import { STATUS_RETRY_MS } from "../../../web/src/state/session";
import { renderRoutes } from "../helpers";
import { addStylesheets } from "../stylesheets";
import { connectedUser, fakeApi, json, offline, sequence, SIGNED_OUT } from "../seller/fake-api";

const BAD_GATEWAY = json({ detail: "Bad gateway", code: "upstream_unavailable" }, 502);
const unreachable = () => screen.queryByText(/Can't reach RankLayer/)?.closest<HTMLElement>("[role=status]") ?? null;

describe("the session's status request", () => {
  it("is asked again after a failure, so one fault does not leave a signed-in visitor signed out", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const api = fakeApi({
      "GET /api/user/status": sequence(BAD_GATEWAY, json(connectedUser())),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
    });
    renderRoutes("/pricing");
    // Meanwhile the status is unknown: said so, and the visitor is not shown as signed out.
    await vi.waitFor(() => expect(unreachable()).not.toBeNull());
    expect(unreachable()!.textContent).toContain("Retrying");
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();

    // Real time: fake timers here left later tests' session events unheard.
    await vi.waitFor(() => expect(unreachable()).toBeNull(), { timeout: STATUS_RETRY_MS[0]! + 2_000 });
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    expect(api.requests("GET /api/user/status")).toHaveLength(2);
  });

  it("shows a signed-in page as being checked, never the sign-in prompt, until the status is known", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeApi({ "GET /api/user/status": offline() });
    renderRoutes("/alerts");

    await vi.waitFor(() => expect(unreachable()).not.toBeNull());
    expect(screen.queryByRole("link", { name: "Connect Seller Central" })).toBeNull();
    expect(await screen.findByText("Checking your account…")).toBeTruthy();
  });

  it("keeps a signed-in visitor signed in when a later check fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeApi({
      "GET /api/user/status": sequence(json(connectedUser()), BAD_GATEWAY),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
    });
    renderRoutes("/pricing");
    await screen.findByRole("heading", { level: 1 });
    await vi.waitFor(() => expect(screen.getByRole("link", { name: "Alerts" })).toBeTruthy());
    // The signed-in session's effects (its 401 listener) run.
    await act(async () => {});

    // A later check (Continue after a session ended, say) that fails changes nothing but the notice.
    act(() => void window.dispatchEvent(new Event(SESSION_ENDED_EVENT)));
    await screen.findByText(/Your session has ended/);
    await userEvent.click(await screen.findByRole("button", { name: "Continue" }));

    await vi.waitFor(() => expect(unreachable()).not.toBeNull());
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    expect(screen.getByRole("link", { name: "Alerts" })).toBeTruthy();
  });

  it("offers Try again, which asks at once and shows the answer", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const api = fakeApi({ "GET /api/user/status": sequence(offline(), json(SIGNED_OUT)) });
    renderRoutes("/pricing");
    await vi.waitFor(() => expect(unreachable()).not.toBeNull());

    await userEvent.click(within(unreachable()!).getByRole("button", { name: "Try again" }));

    await screen.findByRole("link", { name: "Sign in" });
    expect(unreachable()).toBeNull();
    expect(api.requests("GET /api/user/status")).toHaveLength(2);
  });

  it("says so in a padded container, off the screen's edges on a phone, with the page's own text colour", async () => {
    addStylesheets("base.css", "layout.css");
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fakeApi({ "GET /api/user/status": offline() });
    renderRoutes("/pricing");

    await vi.waitFor(() => expect(unreachable()).not.toBeNull());
    expect(getComputedStyle(unreachable()!.parentElement!).getPropertyValue("padding-inline")).toBe("1rem");
    expect(unreachable()!.classList.contains("status-unreachable")).toBe(true);
  });
});
