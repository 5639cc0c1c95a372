import { useId, useState, type FormEvent } from "react";
import { errorMessage } from "../../api/api-error";
import { addAccountEmail, addPasskey, confirmAccountEmailCode, fetchPasskeys, removePasskey, renamePasskey } from "../../api/sign-in";
import { useResource } from "../../api/use-resource";
import type { AccountOverview, PasskeyInfo } from "@contract/sign-in";
import { onlyAmazon } from "../../components/AddWayInNotice";
import { ConfirmButton } from "../../components/ConfirmButton";
import { LoadFailed } from "../../components/LoadFailed";
import "../../styles/account-access.css";
import { useRecentSignIn } from "../../components/use-recent-sign-in";
import { OutcomeNote, type Outcome } from "../../components/OutcomeNote";

/** Settings → Account: the address and the passkeys this account signs in with. */
export function SignInMethods({ account, onChanged }: { account: AccountOverview; onChanged: () => void }) {
  return (
    <section aria-labelledby="sign-in-methods" className="settings-section">
      <h3 id="sign-in-methods">Ways to sign in</h3>
      <ul className="signin-methods">
        {account.waysIn.amazon && <li>Sign in with Amazon (seller {account.sellingPartnerId})</li>}
        {account.email && <li>Email link or code to {account.email}</li>}
        {account.demo && <li>The demo account signs in with Continue with Demo only. Sign in by email to make an account of your own.</li>}
      </ul>
      {onlyAmazon(account) && (
        <p className="seller-muted" role="note">
          Amazon sign-in opens this account only in browsers that have signed in to it before. Add an email address or a passkey to sign in from a new computer or phone.
        </p>
      )}
      {!account.demo && <EmailAddressForm current={account.email} onChanged={onChanged} />}
      {!account.demo && <Passkeys onChanged={onChanged} />}
    </section>
  );
}

/**
 * Adds the account's email address, or changes it: either way it counts once the link sent to the
 * new address is opened here, or its code typed here (the mail read on a phone).
 */
function EmailAddressForm({ current, onChanged }: { current: string | null; onChanged: () => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [note, setNote] = useState<Outcome | null>(null);
  // One email per press: each counts against the address's hourly sending limit.
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { guard, dialog } = useRecentSignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setNote(null);
    try {
      setNote({ ok: true, text: await guard(() => addAccountEmail(email)) });
      setSentTo(email.trim());
    } catch (caught) {
      setNote({ ok: false, text: errorMessage(caught, "The confirmation email could not be sent.") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="settings-form" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-heading`}>
        <h4 id={`${id}-heading`}>{current ? "Change your email address" : "Add an email address"}</h4>
        {current && (
          <p id={`${id}-hint`} className="seller-muted">
            A confirmation link and code go to the new address. Once you open the link in this browser or type the code here, the new address signs you in and {current} no longer does; {current} is told of the change.
          </p>
        )}
        <div className="field settings-form__field">
          <label htmlFor={`${id}-email`}>{current ? "New email address" : "Email address"}</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            required
            value={email}
            aria-describedby={current ? `${id}-hint` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary" disabled={busy || email.trim() === ""}>
          {busy ? "Sending..." : "Send confirmation link"}
        </button>
        <OutcomeNote outcome={note} />
      </form>
      {sentTo !== null && (
        <EmailCodeForm
          sentTo={sentTo}
          onConfirmed={(text) => {
            setSentTo(null);
            setEmail("");
            setNote({ ok: true, text });
            onChanged();
          }}
        />
      )}
      {dialog}
    </>
  );
}

/** The code from the confirmation email, typed here: the link works only in this browser, and the mail is often read on a phone. */
function EmailCodeForm({ sentTo, onConfirmed }: { sentTo: string; onConfirmed: (text: string) => void }) {
  const id = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || code.length !== 6) return;
    setBusy(true);
    setFailed(null);
    try {
      const added = await confirmAccountEmailCode(code);
      onConfirmed(`${added.email ?? sentTo} is confirmed: it signs you in from now on.`);
    } catch (caught) {
      setFailed(errorMessage(caught, "The code could not be checked. Try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="settings-form" onSubmit={(event) => void confirm(event)} aria-label="Confirm with the code">
      <div className="field settings-form__field">
        <label htmlFor={`${id}-code`}>Read the email on another device? Type its 6-digit code here ({sentTo})</label>
        <input
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          disabled={busy}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
        />
      </div>
      <button type="submit" className="button button--secondary" disabled={busy || code.length !== 6}>
        {busy ? "Checking..." : "Confirm with code"}
      </button>
      {failed !== null && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
    </form>
  );
}

function Passkeys({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [passkeys, reload] = useResource(fetchPasskeys);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const { guard, dialog } = useRecentSignIn();

  async function run(action: () => Promise<unknown>, fallback: string) {
    setBusy(true);
    setNote(null);
    try {
      await guard(action);
      reload();
      onChanged();
      return true;
    } catch (caught) {
      setNote(errorMessage(caught, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await run(() => addPasskey(name.trim()), "The passkey was not added (cancelled, or this device has none).")) setName("");
  }

  return (
    <div className="passkeys">
      <h4 id={`${id}-heading`}>Passkeys</h4>
      {passkeys.status === "loading" && <p className="seller-muted">Loading passkeys...</p>}
      {passkeys.status === "error" && <LoadFailed inline message={passkeys.message ?? "Passkeys could not be loaded."} onRetry={reload} />}
      {passkeys.status === "success" &&
        (passkeys.data.length === 0 ? (
          <p className="seller-muted">No passkeys yet. A passkey signs you in with your fingerprint, face or device PIN.</p>
        ) : (
          <ul className="passkey-list" aria-labelledby={`${id}-heading`}>
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} busy={busy} onRename={(next) => run(() => renamePasskey(passkey.id, next), "Not renamed.")} onRemove={() => run(() => removePasskey(passkey.id), "Not removed.")} />
            ))}
          </ul>
        ))}
      <form className="settings-form" onSubmit={(event) => void add(event)}>
        <div className="field settings-form__field">
          <label htmlFor={`${id}-name`}>Passkey name (optional)</label>
          <input id={`${id}-name`} value={name} maxLength={64} placeholder="e.g. Work laptop" onChange={(event) => setName(event.target.value)} />
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          Add a passkey
        </button>
      </form>
      {note && (
        <p className="field-error" role="alert">
          {note}
        </p>
      )}
      {dialog}
    </div>
  );
}

function PasskeyRow(props: { passkey: PasskeyInfo; busy: boolean; onRename: (name: string) => Promise<boolean>; onRemove: () => Promise<boolean> }) {
  const { passkey, busy } = props;
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const used = passkey.lastUsedAt ? `last used ${passkey.lastUsedAt.slice(0, 10)}` : "not used yet";

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await props.onRename(name.trim())) setEditing(false);
  }

  return (
    <li className="passkey-list__item">
      {editing ? (
        <form className="passkey-list__rename" onSubmit={(event) => void save(event)}>
          <label htmlFor={`${id}-rename`}>New name for {passkey.name}</label>
          <input id={`${id}-rename`} value={name} maxLength={64} required onChange={(event) => setName(event.target.value)} />
          <button type="submit" className="button button--primary" disabled={busy || name.trim() === ""}>
            Save
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setName(passkey.name);
              setEditing(false);
            }}
          >
            Cancel
          </button>
        </form>
      ) : (
        <span>
          <strong>{passkey.name}</strong> <span className="seller-muted">added {passkey.createdAt.slice(0, 10)}, {used}</span>
        </span>
      )}
      <span className="passkey-list__actions">
        {!editing && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setEditing(true)} aria-label={`Rename ${passkey.name}`}>
            Rename
          </button>
        )}
        <ConfirmButton
          ariaLabel={`Remove ${passkey.name}`}
          confirmName={`Confirm removing ${passkey.name}`}
          question={`${passkey.name} no longer signs you in; this cannot be undone.`}
          confirmText="Yes, remove"
          busy={busy}
          onConfirm={props.onRemove}
        >
          Remove
        </ConfirmButton>
      </span>
    </li>
  );
}
