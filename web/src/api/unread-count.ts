import type { UnreadCount } from "@contract/notifications";
import { callJson } from "./call-json";

// The unread notifications the header's bell shows, asked on every page once signed in
// (state/unread-notifications.tsx): its own module, so the rest of notifications.ts, which only
// lazy pages use, stays out of the first-load JS.

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await callJson<UnreadCount>("/api/notifications/unread-count", { signal })).unread;
}
