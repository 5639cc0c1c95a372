import { useState } from "react";
import { errorMessage } from "../../api/api-error";
import { signOutOtherBrowsers } from "../../api/sign-in";
import { ConfirmButton } from "../../components/ConfirmButton";

/** Settings → Account: how many other browsers are signed in, and a way to sign them all out (a lost phone, a shared computer). */
export function SignedInBrowsers({ otherSessions, onChanged }: { otherSessions: number; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  async function signOutOthers() {
    setBusy(true);
    setNote(null);
    try {
      const { ended } = await signOutOtherBrowsers();
      setNote({ ok: true, text: `Signed out ${ended} other ${ended === 1 ? "browser" : "browsers"}. This one stays signed in.` });
      onChanged();
    } catch (caught) {
      setNote({ ok: false, text: errorMessage(caught, "The other browsers were not signed out. Try again.") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="signed-in-browsers" className="settings-section">
      <h3 id="signed-in-browsers">Signed-in browsers</h3>
      <p className="seller-muted">
        {otherSessions === 0
          ? "Only this browser is signed in to your account."
          : `${otherSessions} other ${otherSessions === 1 ? "browser is" : "browsers are"} signed in to your account besides this one.`}
      </p>
      {otherSessions > 0 && (
        <ConfirmButton
          confirmName="Confirm signing out every other browser"
          question="Every other browser signed in to this account is signed out now; this one stays signed in."
          confirmText="Yes, sign them out"
          busy={busy}
          onConfirm={signOutOthers}
        >
          Sign out everywhere else
        </ConfirmButton>
      )}
      {note && (
        <p className={note.ok ? "seller-muted" : "field-error"} role={note.ok ? "status" : "alert"}>
          {note.text}
        </p>
      )}
    </section>
  );
}
