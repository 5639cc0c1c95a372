import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { fetchUserStatus, signOut as postLogout } from "../api/session-calls";
import { SESSION_ENDED_EVENT } from "../api/http";
import { ANONYMOUS_STATUS, type UserStatus } from "@contract/user-status";

/** The signed-in user as the server last reported it; null until the first answer. */
interface Session {
  user: UserStatus | null;
  /**
   * The last status request failed, so the server may see the visitor otherwise than `user` says
   * (null: nobody knows yet): `retrying` while a retry (STATUS_RETRY_MS) is due. Null once answered.
   */
  unreachable: { retrying: boolean } | null;
  /**
   * Asks the server again (after a disconnect, say). Never rejects: a failure keeps the status as it
   * was (unknown at first, never signed out for it) and sets `unreachable` until a retry is answered.
   * Resolves to the answer, or to the status kept (signed out when none was known).
   */
  refresh: () => Promise<UserStatus>;
  /** Takes a status the server just returned (sign-in, onboarding) without asking again. */
  update: (user: UserStatus) => void;
  /** Ends the session on the server, then refreshes. Rejects when the server did not sign out. */
  signOut: () => Promise<void>;
  /**
   * A call answered 401 while signed in (signed out elsewhere, revoked, expired). The page stays as
   * it is, with what was typed in it, until the visitor signs in again or refreshes the status.
   */
  ended: boolean;
}

const SessionContext = createContext<Session | null>(null);

/** When a failed status request is asked again (after the first, second, … failure). */
export const STATUS_RETRY_MS = [2_000, 5_000, 15_000, 60_000];

let earlyStatus: Promise<UserStatus> | null = null;

/**
 * Sends the first status request before React renders (main.tsx calls it), so signed-in-only
 * screens and their sign-in prompts do not wait a whole first render longer for it. The
 * provider's first load takes this answer instead of asking again.
 */
export function requestUserStatusEarly(): void {
  earlyStatus = fetchUserStatus();
  // Rejections are handled where the provider awaits it; this only keeps it from being "unhandled" before then.
  earlyStatus.catch(() => undefined);
}

function takeEarlyStatus(): Promise<UserStatus> | null {
  const status = earlyStatus;
  earlyStatus = null;
  return status;
}

/** Loads the user status once for the whole app and keeps it current. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<UserStatus | null>(null);
  const [ended, setEnded] = useState(false);
  const [unreachable, setUnreachable] = useState<Session["unreachable"]>(null);
  const known = useRef<UserStatus | null>(null);
  const retryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const signedIn = user?.authenticated === true;
  // Each load or update takes a number; only the newest may set the state, so a slow
  // answer from before a sign-in can never overwrite the signed-in status.
  const latest = useRef(0);

  /** A status the server gave: shown, and whatever a failure or an ended session said goes. */
  const take = useCallback((status: UserStatus) => {
    known.current = status;
    setUser(status);
    setEnded(false);
    setUnreachable(null);
  }, []);

  const load = useCallback(async (attempt: number): Promise<UserStatus> => {
    const ticket = ++latest.current;
    let status: UserStatus;
    try {
      status = await (takeEarlyStatus() ?? fetchUserStatus());
    } catch (error) {
      console.warn("Could not load the user status; it stays unknown until a retry is answered.", error);
      if (ticket === latest.current) {
        // A failed request is no answer: the status stays as it was (not signed out) and is asked
        // again, so one fault neither signs a visitor out nor shows a signed-in one the sign-in prompt.
        const retryInMs = STATUS_RETRY_MS[attempt];
        setUnreachable({ retrying: retryInMs !== undefined });
        if (retryInMs !== undefined) retryTimer.current = setTimeout(() => ticket === latest.current && void load(attempt + 1), retryInMs);
      }
      return known.current ?? ANONYMOUS_STATUS;
    }
    if (ticket === latest.current) take(status);
    return status;
  }, [take]);
  const refresh = useCallback(() => load(0), [load]);

  const update = useCallback((status: UserStatus) => {
    latest.current++;
    take(status);
  }, [take]);

  const signOut = useCallback(async () => {
    await postLogout();
    await refresh();
  }, [refresh]);

  useEffect(() => {
    void refresh();
    return () => {
      // Unmounted: no answer in flight may set the state or schedule a retry.
      latest.current++;
      clearTimeout(retryTimer.current);
    };
  }, [refresh]);

  // Anonymous visitors ask nothing that answers 401, so a 401 means a session that ended.
  useEffect(() => {
    if (!signedIn) return;
    const onEnded = () => setEnded(true);
    window.addEventListener(SESSION_ENDED_EVENT, onEnded);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
  }, [signedIn]);

  const session = useMemo(() => ({ user, unreachable, refresh, update, signOut, ended }), [user, unreachable, refresh, update, signOut, ended]);
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (session === null) throw new Error("useSession must be used inside <SessionProvider>");
  return session;
}
