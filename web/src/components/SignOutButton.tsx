import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useSession } from "../state/session";

interface SignOutButtonProps {
  className: string;
  /** Called once the session has ended, before going home. */
  onSignedOut?: () => void;
}

/** Ends the session on the server (POST /api/auth/logout) and returns home; says so when that fails. */
export function SignOutButton({ className, onSignedOut }: SignOutButtonProps) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [state, setState] = useState<"idle" | "signing-out" | "failed">("idle");

  async function endSession() {
    setState("signing-out");
    try {
      await signOut();
    } catch (error) {
      console.error("Sign out failed", error);
      setState("failed");
      return;
    }
    setState("idle");
    onSignedOut?.();
    navigate("/");
  }

  return (
    <>
      <button type="button" className={className} disabled={state === "signing-out"} onClick={() => void endSession()}>
        {state === "signing-out" ? "Signing out..." : "Sign out"}
      </button>
      {state === "failed" && (
        <p className="sign-out-error" role="alert">
          Sign out failed. Please try again.
        </p>
      )}
    </>
  );
}
