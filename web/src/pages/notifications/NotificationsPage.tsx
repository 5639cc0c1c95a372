import { useEffect, useState } from "react";
import { LoadFailed } from "../../components/LoadFailed";
import { Link } from "../../components/Link";
import type { NotificationList, NotificationView } from "@contract/notifications";
import { errorMessage } from "../../api/api-error";
import { fetchNotifications, markAllNotificationsRead, markNotificationRead } from "../../api/notifications";
import { useResource } from "../../api/use-resource";
import { RequireSignIn } from "../../components/RequireSignIn";
import { formatCount, formatUtc } from "../../lib/format";
import { useUnreadNotifications } from "../../state/unread-notifications";
import { useWorkspaces } from "../../state/workspaces";
import { CONDITION_COPY } from "../alerts/alert-copy";
import "../../styles/seller.css";
import "../../styles/alerts.css";

const LOAD_FAILED = "Failed to load your notifications.";
const MARK_FAILED = "Failed to mark as read. Please try again.";

/** /notifications: the in-app notifications (one per alert firing), newest first, to read and clear. */
export function NotificationsPage() {
  return (
    <RequireSignIn title="Notifications" reason="Connect your seller account (or try the demo) to see the alerts that fired.">
      {() => <NotificationsScreen />}
    </RequireSignIn>
  );
}

function NotificationsScreen() {
  const [loaded, reload] = useResource(fetchNotifications);
  const { setUnread } = useUnreadNotifications();
  // The list as shown: the server's answer, then each mark-as-read applied to it.
  const [list, setList] = useState<NotificationList | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A refused Mark as read shows in its own item: the page-level line may be a long list away.
  const [itemRefusal, setItemRefusal] = useState<{ id: string; text: string } | null>(null);
  const { lacks } = useWorkspaces();

  useEffect(() => {
    if (loaded.status !== "success") return;
    setList(loaded.data);
    setUnread(loaded.data.unread);
  }, [loaded, setUnread]);

  async function change(request: () => Promise<void>, onError: (text: string) => void = setError) {
    setBusy(true);
    setError(null);
    setItemRefusal(null);
    try {
      await request();
    } catch (failure) {
      onError(errorMessage(failure, MARK_FAILED));
    } finally {
      setBusy(false);
    }
  }

  const markRead = (notification: NotificationView) =>
    change(async () => {
      const updated = await markNotificationRead(notification.id);
      if (list === null) return;
      const unread = Math.max(0, list.unread - 1);
      setList({ notifications: list.notifications.map((item) => (item.id === updated.id ? updated : item)), unread });
      setUnread(unread);
    }, (text) => setItemRefusal({ id: notification.id, text }));

  const markAllRead = () =>
    change(async () => {
      setUnread(await markAllNotificationsRead());
      reload();
    });

  return (
    <div className="container seller-page">
      <div className="notifications__head">
        <h1>Notifications</h1>
        <div className="connect__actions">
          {list !== null && <span className="alerts-count">{formatCount(list.unread)} unread</span>}
          {!lacks("track") && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy || list === null || list.unread === 0}
              onClick={() => void markAllRead()}
            >
              Mark all as read
            </button>
          )}
        </div>
      </div>
      {error !== null && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}

      {list === null && loaded.status === "loading" && (
        <p className="seller-muted" role="status">
          Loading your notifications...
        </p>
      )}
      {loaded.status === "error" && (
        <LoadFailed message={loaded.message ?? LOAD_FAILED} onRetry={reload} />
      )}
      {list !== null &&
        (list.notifications.length === 0 ? (
          <p>
            No notifications yet. When one of your alerts fires in the nightly check, it shows up here.{" "}
            <Link to="/alerts">Manage your alerts</Link>
          </p>
        ) : (
          <ul className="stack-list">
            {list.notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                busy={busy}
                canMarkRead={!lacks("track")}
                refusal={itemRefusal?.id === notification.id ? itemRefusal.text : null}
                onMarkRead={() => void markRead(notification)}
              />
            ))}
          </ul>
        ))}
    </div>
  );
}

interface NotificationItemProps {
  notification: NotificationView;
  busy: boolean;
  /** Marking read is the `track` permission's, as Mark all as read is: a viewer only reads. */
  canMarkRead: boolean;
  /** Why marking this one as read was refused, shown in the item. */
  refusal: string | null;
  onMarkRead: () => void;
}

function NotificationItem({ notification, busy, canMarkRead, refusal, onMarkRead }: NotificationItemProps) {
  const unread = notification.readAt === null;
  const { asin, marketplace } = notification;
  return (
    <li className={`card stack-list__row${unread ? " notification--unread" : ""}`}>
      <div>
        <p className="notification__message">
          {unread && <span className="badge badge--muted">Unread</span>} {notification.message}
        </p>
        <p className="notification__meta">
          {CONDITION_COPY[notification.conditionType].label} · fired for {notification.day} ·{" "}
          <time dateTime={notification.createdAt}>{formatUtc(notification.createdAt)}</time> ·{" "}
          <Link to={`/results?${new URLSearchParams({ asin, marketplace }).toString()}`}>
            Look up {asin} ({marketplace})
          </Link>
        </p>
      </div>
      {unread && canMarkRead && (
        <button type="button" className="button button--secondary" disabled={busy} onClick={onMarkRead}>
          Mark as read
        </button>
      )}
      {refusal !== null && (
        <p className="field-error refusal" role="alert">
          {refusal}
        </p>
      )}
    </li>
  );
}
