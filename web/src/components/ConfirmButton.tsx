import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

interface ConfirmButtonProps {
  /** The button's text ("Remove"). */
  children: ReactNode;
  /** The button's accessible name when its text alone is ambiguous in a list ("Remove ana@example.com"). */
  ariaLabel?: string;
  /** Names the confirmation for screen readers ("Confirm removing ana@example.com"). */
  confirmName: string;
  /** What happens, and that it cannot be undone. */
  question: string;
  /** The confirming button's text ("Yes, remove"). */
  confirmText: string;
  busy: boolean;
  /** Runs the action; the question closes when it settles. */
  onConfirm: () => Promise<unknown>;
}

/**
 * A button for an action that cannot be undone: a first click only asks, in place, and the
 * action runs on "Yes". Focus moves to Cancel (the safe choice) when asked, and back to the
 * button on Cancel or Escape.
 */
export function ConfirmButton({ children, ariaLabel, confirmName, question, confirmText, busy, onConfirm }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const reopened = useRef(false);

  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (reopened.current) opener.current?.focus();
  }, [asking]);

  function close() {
    reopened.current = true;
    setAsking(false);
  }

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    close();
  }

  if (!asking) {
    return (
      <button ref={opener} type="button" className="button button--secondary" disabled={busy} aria-label={ariaLabel} onClick={() => setAsking(true)}>
        {children}
      </button>
    );
  }
  return (
    <div className="seller-warning" role="group" aria-label={confirmName} onKeyDown={closeOnEscape}>
      <p>{question}</p>
      <div className="connect__actions">
        <button type="button" className="button button--danger" disabled={busy} onClick={() => void onConfirm().finally(() => setAsking(false))}>
          {confirmText}
        </button>
        <button ref={cancel} type="button" className="button button--secondary" disabled={busy} onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}
