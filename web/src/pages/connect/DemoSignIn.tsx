import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { errorMessage } from "../../api/api-error";
import { startDemo } from "../../api/account";
import { useSession } from "../../state/session";

const FALLBACK_ERROR = "Could not start the demo. Please try again.";

/**
 * "Continue with Demo": signs this browser into its demo account, then back to `next` (a safe
 * same-origin path the page came with), else onboarding (first time) or Seller Central.
 */
export function DemoSignIn({ next = null }: { next?: string | null }) {
  const { update } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function continueWithDemo() {
    setBusy(true);
    setError(null);
    try {
      const user = await startDemo();
      update(user);
      navigate(next ?? (user.onboarded ? "/seller-central" : "/onboarding"));
    } catch (caught) {
      setError(errorMessage(caught, FALLBACK_ERROR));
      setBusy(false);
    }
  }

  return (
    <div className="connect__demo">
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void continueWithDemo()}>
        {busy ? "Starting demo..." : "Continue with Demo"}
      </button>
      {error !== null && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
