import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link";
import { errorMessage } from "../../api/api-error";
import { requestSignInEmail, signInWithCode, signInWithLink, signInWithPasskey } from "../../api/sign-in";
import type { AccountDeleted, SignedIn, SignInLinkConfirmation } from "@contract/sign-in";
import { DeletedReport } from "./DeletedReport";
import { LinkConfirmation } from "./LinkConfirmation";
import { useSession } from "../../state/session";
import "../../styles/seller.css";
import "../../styles/account-access.css";
import { NEXT_PARAM, rememberAfterSignIn, safeNextPath, takeAfterSignIn } from "../../lib/next-path";

type Step =
  | { kind: "email" }
  | { kind: "code"; sentTo: string; message: string }
  | { kind: "link" }
  | { kind: "confirm"; token: string; confirmation: SignInLinkConfirmation }
  | { kind: "added"; email: string };

/** /signin: an emailed link or 6-digit code, or a passkey. The first sign-in makes a Free account. */
export function SignInPage() {
  const [params, setParams] = useSearchParams();
  const token = params.get("token");
  // The page that sent the visitor here (via /connect?next=…), to go back to once signed in.
  const [next] = useState(() => safeNextPath(params.get(NEXT_PARAM)));
  const [step, setStep] = useState<Step>(token ? { kind: "link" } : { kind: "email" });
  const [error, setError] = useState<string | null>(null);
  const finish = useFinish(setStep, next);
  const usedToken = useRef<string | null>(null);
  // Arriving from Settings → Account → Delete my account: what it did.
  const deleted = (useLocation().state as { deleted?: AccountDeleted } | null)?.deleted;

  const dropToken = () => setParams({}, { replace: true });
  const openLink = async (linkToken: string, confirm: boolean) => {
    try {
      const answer = await signInWithLink(linkToken, confirm);
      // Opened in a browser that did not ask for it: the person says yes first (LinkConfirmation).
      if ("confirm" in answer) return setStep({ kind: "confirm", token: linkToken, confirmation: answer });
      // A sign-in moves on to another page; a confirmed address stays here, without the token.
      if (answer.purpose === "add_email" || !answer.status) dropToken();
      finish(answer);
    } catch (caught) {
      dropToken();
      setError(errorMessage(caught, "This sign-in link did not work. Ask for a new email."));
      setStep({ kind: "email" });
    }
  };

  // The link from the email: its token is posted once (a ref guards against a second effect run).
  useEffect(() => {
    if (!token || usedToken.current === token) return;
    usedToken.current = token;
    void openLink(token, false);
    // Once per token: openLink reads only stable setters.
  }, [token]);

  return (
    <section className="container seller-page">
      <div className="card connect signin">
        <h1>Sign in</h1>
        {deleted && <DeletedReport report={deleted} />}
        {step.kind === "link" && (
          <p className="seller-muted" role="status">
            Signing you in...
          </p>
        )}
        {step.kind === "confirm" && (
          <LinkConfirmation
            confirmation={step.confirmation}
            onConfirm={() => openLink(step.token, true)}
            onCancel={() => {
              dropToken();
              setStep({ kind: "email" });
            }}
          />
        )}
        {step.kind === "added" && (
          <div className="seller-note seller-note--info">
            <p role="status">{step.email} is confirmed and added to your account. You can sign in with it from now on.</p>
            <Link to="/settings" className="button button--secondary">
              Go to Settings
            </Link>
          </div>
        )}
        {step.kind === "email" && (
          <EmailForm
            error={error}
            onSent={(sentTo, message) => {
              // The emailed link may be opened in another tab, which has no `next`: it reads this instead.
              if (next !== null) rememberAfterSignIn(next);
              setError(null);
              setStep({ kind: "code", sentTo, message });
            }}
          />
        )}
        {step.kind === "code" && <CodeForm sentTo={step.sentTo} message={step.message} onDone={finish} onRestart={() => setStep({ kind: "email" })} />}
        {(step.kind === "email" || step.kind === "code") && <PasskeySignIn onDone={finish} />}
        <p className="seller-muted signin__alternatives">
          Selling on Amazon? <Link to="/connect">Connect Seller Central</Link> to sign in with your seller account.
        </p>
      </div>
    </section>
  );
}

/** After a sign-in: the session takes the new status, then onboarding (first time) or Seller Central. */
function useFinish(setStep: (step: Step) => void, next: string | null) {
  const { update } = useSession();
  const navigate = useNavigate();
  const [finish] = useState(() => (signedIn: SignedIn) => {
    if (signedIn.purpose === "add_email" || !signedIn.status) {
      setStep({ kind: "added", email: signedIn.email ?? "The address" });
      return;
    }
    update(signedIn.status);
    // The page that sent the visitor here (an invitation, a signed-in screen) comes first (lib/next-path.ts).
    navigate(takeAfterSignIn() ?? next ?? (signedIn.status.onboarded ? "/seller-central" : "/onboarding"));
  });
  return finish;
}

function EmailForm({ error, onSent }: { error: string | null; onSent: (email: string, message: string) => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed ?? error;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailed(null);
    try {
      onSent(email.trim(), await requestSignInEmail(email));
    } catch (caught) {
      setFailed(errorMessage(caught, "The email could not be sent. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="seller-form" onSubmit={(event) => void submit(event)}>
      <p>We email you a link and a 6-digit code. No password: the first sign-in makes your account, on the Free plan.</p>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email address</label>
        <input id={`${id}-email`} type="email" required autoComplete="email" maxLength={254} value={email} disabled={busy} onChange={(event) => setEmail(event.target.value)} />
      </div>
      {shown !== null && (
        <p className="field-error" role="alert">
          {shown}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy || email.trim() === ""}>
        {busy ? "Sending..." : "Email me a sign-in link"}
      </button>
    </form>
  );
}

function CodeForm({ sentTo, message, onDone, onRestart }: { sentTo: string; message: string; onDone: (signedIn: SignedIn) => void; onRestart: () => void }) {
  const id = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setFailed(null);
    try {
      onDone(await signInWithCode(code.trim()));
    } catch (caught) {
      setFailed(errorMessage(caught, "The code could not be checked. Check your connection and try again."));
      setBusy(false);
    }
  }

  return (
    <form className="seller-form" onSubmit={(event) => void submit(event)}>
      <p role="status">
        {message} <strong>({sentTo})</strong>
      </p>
      <div className="field">
        <label htmlFor={`${id}-code`}>6-digit code</label>
        <input
          id={`${id}-code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          disabled={busy}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ""))}
        />
        <p id={`${id}-hint`} className="toggle__description">
          Opened the email on another device? Type its code here instead of opening the link.
        </p>
      </div>
      {failed !== null && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
      <div className="connect__actions">
        <button type="submit" className="button button--primary" disabled={busy || code.length !== 6}>
          {busy ? "Signing in..." : "Sign in with code"}
        </button>
        <button type="button" className="button button--secondary" onClick={onRestart}>
          Use another address
        </button>
      </div>
    </form>
  );
}

function PasskeySignIn({ onDone }: { onDone: (signedIn: SignedIn) => void }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setFailed(null);
    try {
      onDone(await signInWithPasskey());
    } catch (caught) {
      setFailed(errorMessage(caught, "Signing in with a passkey did not work. Try again, or use email."));
      setBusy(false);
    }
  }

  return (
    <div className="signin__passkey">
      <p className="seller-muted">Added a passkey in Settings before?</p>
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => void start()}>
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </button>
      {failed !== null && (
        <p className="field-error" role="alert">
          {failed}
        </p>
      )}
    </div>
  );
}
