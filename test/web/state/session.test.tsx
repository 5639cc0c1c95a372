import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STATUS_RETRY_MS } from "../../../web/src/state/session";
import { renderRoutes } from "../helpers";
import { connectedUser, fakeApi, json, sequence } from "../seller/fake-api";

describe("the session's status request", () => {
  afterEach(() => vi.useRealTimers());

  it("is asked again after a failure, so one fault does not leave a signed-in visitor signed out", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout"] });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const api = fakeApi({
      "GET /api/user/status": sequence(json({ detail: "Bad gateway", code: "upstream_unavailable" }, 502), json(connectedUser())),
      "GET /api/notifications/unread-count": json({ unread: 0 }),
    });
    renderRoutes("/pricing");
    // Meanwhile the visitor counts as signed out.
    expect(await screen.findByRole("link", { name: "Sign in" })).toBeTruthy();

    await vi.advanceTimersByTimeAsync(STATUS_RETRY_MS[0]!);

    await vi.waitFor(() => expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull());
    expect(api.requests("GET /api/user/status")).toHaveLength(2);
  });
});
