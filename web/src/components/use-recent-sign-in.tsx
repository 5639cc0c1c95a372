import { useCallback, useRef, useState, type ReactNode } from "react";
import { needsRecentSignIn } from "../api/reverify";
import { ReverifyDialog } from "./ReverifyDialog";

interface Pending {
  resolve: () => void;
  reject: () => void;
}

/**
 * Runs a sensitive account change; when the server asks for a recent sign-in (403
 * recent_sign_in_required), shows "Confirm it's you" and, once the person has, runs the same change
 * again. The form's state is untouched meanwhile, so nothing typed is lost. Cancelled, the
 * original refusal is thrown, for the caller to show as it shows any other.
 */
export function useRecentSignIn(): { guard: <T>(action: () => Promise<T>) => Promise<T>; dialog: ReactNode } {
  const [open, setOpen] = useState(false);
  const pending = useRef<Pending | null>(null);

  const guard = useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (error) {
      if (!needsRecentSignIn(error)) throw error;
      const confirmed = await new Promise<boolean>((resolve) => {
        pending.current = { resolve: () => resolve(true), reject: () => resolve(false) };
        setOpen(true);
      });
      if (!confirmed) throw error;
      return action();
    }
  }, []);

  function settle(confirmed: boolean) {
    setOpen(false);
    const waiting = pending.current;
    pending.current = null;
    if (confirmed) waiting?.resolve();
    else waiting?.reject();
  }

  return { guard, dialog: open ? <ReverifyDialog onVerified={() => settle(true)} onCancel={() => settle(false)} /> : null };
}
