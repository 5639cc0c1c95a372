import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoutes } from "../helpers";
import { demoUser, fakeApi, json, sequence, SIGNED_OUT } from "../seller/fake-api";
import { notificationList, notificationView } from "./alert-fixtures";

type Routes = Parameters<typeof fakeApi>[0];

const NEWEST = notificationView({
  id: "note-2",
  conditionType: "rank_drop",
  message: "B08N5WRWNW (US): rank got 31% worse over 7 days (more than your 20%)",
  createdAt: "2026-11-23T02:30:05.000Z",
});
const OLDER = notificationView({ id: "note-1", day: "2026-11-22", createdAt: "2026-11-22T02:30:05.000Z" });
const READ = notificationView({
  id: "note-0",
  asin: "B07XJ8C8F5",
  marketplace: "UK",
  message: "B07XJ8C8F5 (UK): rank #2,100 is worse than your threshold #1,000",
  day: "2026-11-21",
  createdAt: "2026-11-21T02:30:05.000Z",
  readAt: "2026-11-21T09:00:00.000Z",
});

async function renderNotifications(routes: Routes = {}) {
  const api = fakeApi({
    "GET /api/user/status": json(demoUser()),
    "GET /api/notifications/unread-count": json({ unread: 2 }),
    "GET /api/notifications": json(notificationList([NEWEST, OLDER, READ])),
    ...routes,
  });
  const app = renderRoutes("/notifications");
  await screen.findByRole("heading", { level: 1, name: "Notifications" });
  return { api, ...app };
}

const items = () => within(screen.getByRole("main")).getAllByRole("listitem");
const item = (message: string) => screen.getByText(message).closest("li") as HTMLElement;
const bell = () => within(document.querySelector<HTMLElement>(".site-header")!).getByRole("link", { name: /^Notifications/ });

describe("/notifications", () => {
  it("prompts a signed-out visitor to connect, and asks for nothing", async () => {
    const api = fakeApi({ "GET /api/user/status": json(SIGNED_OUT) });
    renderRoutes("/notifications");

    expect((await screen.findByRole("link", { name: "Connect Seller Central" })).getAttribute("href")).toBe("/connect?next=%2Fnotifications");
    expect(api.requests("GET /api/notifications")).toEqual([]);
    expect(api.requests("GET /api/notifications/unread-count")).toEqual([]);
  });

  it("lists the notifications newest first, unread ones marked, with their alert, day and a lookup link", async () => {
    await renderNotifications();

    await screen.findByText(NEWEST.message);
    expect(items().map((li) => li.querySelector(".notification__message")?.textContent?.trim())).toEqual([
      `Unread ${NEWEST.message}`,
      `Unread ${OLDER.message}`,
      READ.message,
    ]);
    const newest = item(NEWEST.message);
    expect(newest.className).toContain("notification--unread");
    expect(within(newest).getByText(/Rank drop · fired for 2026-11-23/)).toBeTruthy();
    expect(within(newest).getByRole("button", { name: "Mark as read" })).toBeTruthy();
    const read = item(READ.message);
    expect(read.className).not.toContain("notification--unread");
    expect(within(read).queryByRole("button", { name: "Mark as read" })).toBeNull();
    expect(within(read).getByRole("link", { name: "Look up B07XJ8C8F5 (UK)" }).getAttribute("href")).toBe(
      "/results?asin=B07XJ8C8F5&marketplace=UK",
    );
    expect(screen.getByText("2 unread")).toBeTruthy();
  });

  it("marks one as read with POST and the XSRF header, and the header badge counts one fewer", async () => {
    const { api, user } = await renderNotifications({
      "POST /api/notifications/note-2/read": json({ notification: { ...NEWEST, readAt: "2026-11-23T08:00:00.000Z" } }),
    });
    await screen.findByText(NEWEST.message);
    await waitFor(() => expect(bell().getAttribute("aria-label")).toBe("Notifications, 2 unread"));

    await user.click(within(item(NEWEST.message)).getByRole("button", { name: "Mark as read" }));

    await waitFor(() => expect(item(NEWEST.message).className).not.toContain("notification--unread"));
    expect(within(item(NEWEST.message)).queryByRole("button", { name: "Mark as read" })).toBeNull();
    expect(api.requests("POST /api/notifications/note-2/read")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
    expect(bell().getAttribute("aria-label")).toBe("Notifications, 1 unread");
    expect(screen.getByText("1 unread")).toBeTruthy();
  });

  it("marks all as read, reloads the list and clears the badge", async () => {
    const { api, user } = await renderNotifications({
      "GET /api/notifications": sequence(
        json(notificationList([NEWEST, OLDER, READ])),
        json(notificationList([{ ...NEWEST, readAt: "2026-11-23T08:00:00.000Z" }, { ...OLDER, readAt: "2026-11-23T08:00:00.000Z" }, READ])),
      ),
      "POST /api/notifications/read-all": json({ unread: 0 }),
    });
    await screen.findByText(NEWEST.message);

    await user.click(screen.getByRole("button", { name: "Mark all as read" }));

    await waitFor(() => expect(screen.queryAllByRole("button", { name: "Mark as read" })).toEqual([]));
    expect(api.requests("POST /api/notifications/read-all")[0]?.headers.get("X-XSRF-TOKEN")).toBe("test-xsrf");
    expect(api.requests("GET /api/notifications")).toHaveLength(2);
    expect(bell().getAttribute("aria-label")).toBe("Notifications");
    expect(within(bell()).queryByText(/\d/)).toBeNull();
    expect(screen.getByRole("button", { name: "Mark all as read" })).toHaveProperty("disabled", true);
  });

  it("shows the server's reason when marking fails, and keeps the notification unread", async () => {
    const { user } = await renderNotifications({
      "POST /api/notifications/note-1/read": json({ detail: "No such notification" }, 404),
    });
    await screen.findByText(OLDER.message);

    await user.click(within(item(OLDER.message)).getByRole("button", { name: "Mark as read" }));

    // In the item itself: on a long list the top of the page is out of view.
    expect((await within(item(OLDER.message)).findByRole("alert")).textContent).toBe("No such notification");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(item(OLDER.message).className).toContain("notification--unread");
  });

  it("says when there are none yet, with a way to the alerts", async () => {
    await renderNotifications({ "GET /api/notifications": json(notificationList([])) });

    expect(await screen.findByText(/^No notifications yet/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Manage your alerts" }).getAttribute("href")).toBe("/alerts");
    expect(screen.getByRole("button", { name: "Mark all as read" })).toHaveProperty("disabled", true);
  });

  it("shows the server's reason when the list fails to load", async () => {
    await renderNotifications({ "GET /api/notifications": json({ detail: "Notifications are resting" }, 503) });
    expect(within(await screen.findByRole("alert")).getByText("Notifications are resting")).toBeTruthy();
  });
});
