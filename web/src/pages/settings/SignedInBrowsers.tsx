import { useState } from "react";
import { errorMessage } from "../../api/api-error";
import { signOutOtherBrowsers } from "../../api/sign-in";
import { onlyAmazon } from "../../components/AddWayInNotice";
import { ConfirmButton } from "../../components/ConfirmButton";
import type { AccountOverview } from "@contract/sign-in";
import { useRecentSignIn } from "../../components/use-recent-sign-in";
import { OutcomeNote, type Outcome } from "../../components/OutcomeNote";

/** Settings → Account: how many other browsers are signed in, and a way to sign them all out (a lost phone, a shared computer). */
export function SignedInBrowsers({ account, onChanged }: { account: AccountOverview; onChanged: () => void }) {
  const { otherSessions } = account;
  const [busy, setBusy] = useState(false);
  const { guard, dialog } = useRecentSignIn();
  const [note, setNote] = useState<Outcome | null>(null);

  async function signOutOthers() {
    setBusy(true);
    setNote(null);
    try {
      const { ended, forgotBrowsers } = await guard(signOutOtherBrowsers);
      const how = forgotBrowsers ? " To sign in there again, use your email address or a passkey." : "";
      setNote({ ok: true, text: `Signed out ${ended} other ${ended === 1 ? "browser" : "browsers"}. This one stays signed in.${how}` });
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
          question={
            onlyAmazon(account)
              ? "Every other browser signed in to this account is signed out now; this one stays signed in. Those that signed in before can still sign in with Amazon: add an email address or a passkey first to keep them out."
              : "Every other browser signed in to this account is signed out now, and needs your email address or a passkey to sign in again (Amazon sign-in alone no longer opens the account there); this one stays signed in."
          }
          confirmText="Yes, sign them out"
          busy={busy}
          onConfirm={signOutOthers}
        >
          Sign out everywhere else
        </ConfirmButton>
      )}
      <OutcomeNote outcome={note} />
      {dialog}
    </section>
  );
}
