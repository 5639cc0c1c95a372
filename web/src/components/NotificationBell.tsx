import { Link } from "./Link";
import { useSession } from "../state/session";
import { useUnreadNotifications } from "../state/unread-notifications";

/** The header's way to /notifications for a signed-in user, with the unread count as a badge. Nothing while signed out. */
export function NotificationBell() {
  const { user } = useSession();
  const { unread } = useUnreadNotifications();
  if (!user?.authenticated) return null;

  const count = unread ?? 0;
  return (
    <Link
      to="/notifications"
      className="icon-button notification-bell"
      aria-label={count > 0 ? `Notifications, ${count} unread` : "Notifications"}
    >
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.9 1.9 0 0 0 3.4 0" />
      </svg>
      {count > 0 && (
        <span className="notification-bell__badge" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
