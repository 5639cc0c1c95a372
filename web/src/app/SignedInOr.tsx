import type { ReactNode } from "react";
import { useSession } from "../state/session";

/**
 * A signed-in view for a signed-in user, the public page for everyone else (and while the
 * session loads, so crawlers and the static HTML get the public page).
 */
export function SignedInOr({ signedIn, anonymous }: { signedIn: ReactNode; anonymous: ReactNode }) {
  const { user } = useSession();
  return <>{user?.authenticated ? signedIn : anonymous}</>;
}
