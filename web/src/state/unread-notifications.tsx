import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { fetchUnreadCount } from "../api/unread-count";
import { startRequest } from "../api/start-request";
import { useSession } from "./session";

/** The signed-in user's unread in-app notifications, for the header badge; null when unknown or signed out. */
interface UnreadNotifications {
  unread: number | null;
  /** Takes a count the server just returned (the notifications page's list or a mark-as-read). */
  setUnread: (unread: number) => void;
}

const UnreadNotificationsContext = createContext<UnreadNotifications | null>(null);

/** Asks for the unread count when a user signs in and again on every navigation, so the badge stays current. */
export function UnreadNotificationsProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const signedIn = user?.authenticated === true;
  const [unread, setCount] = useState<number | null>(null);
  // A count the page sets is newer than any request still in flight: that one is dropped.
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!signedIn) {
      setCount(null);
      return;
    }
    inFlight.current = new AbortController();
    return startRequest(
      fetchUnreadCount,
      setCount,
      (error) => console.warn("Could not load the unread notification count", error),
      inFlight.current,
    );
  }, [signedIn, pathname]);

  const setUnread = useCallback((count: number) => {
    inFlight.current?.abort();
    setCount(count);
  }, []);

  const value = useMemo(() => ({ unread: signedIn ? unread : null, setUnread }), [signedIn, unread, setUnread]);
  return <UnreadNotificationsContext value={value}>{children}</UnreadNotificationsContext>;
}

export function useUnreadNotifications(): UnreadNotifications {
  const context = use(UnreadNotificationsContext);
  if (context === null) throw new Error("useUnreadNotifications must be used inside <UnreadNotificationsProvider>");
  return context;
}
