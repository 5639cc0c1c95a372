import { Link } from "./Link";
import { useSession } from "../state/session";

/** The header's way in while signed out: /signin (email or passkey; sellers find Amazon there too). */
export function SignInLink() {
  const { user } = useSession();
  // Nothing until the status is known, so the header does not flash a link it then takes back.
  if (user === null || user.authenticated) return null;
  return (
    <Link to="/signin" className="header-signin">
      Sign in
    </Link>
  );
}
