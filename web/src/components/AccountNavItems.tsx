import { NavLink } from "react-router-dom";
import { useSession } from "../state/session";
import { SignOutButton } from "./SignOutButton";
import "../styles/account-nav.css";

/** The header's account area: Seller Central, Alerts, Billing and Sign out; signed out, a Sign in link. */
export function AccountNavItems({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useSession();
  // Nothing until the status is known, so the header does not flash a link it then takes back.
  if (user === null) return null;
  if (!user.authenticated) {
    return (
      <li>
        <NavLink to="/signin" className="site-nav__link" onClick={onNavigate}>
          Sign in
        </NavLink>
      </li>
    );
  }

  return (
    <>
      <li>
        <NavLink to="/seller-central" className="site-nav__link" onClick={onNavigate}>
          Seller Central
        </NavLink>
      </li>
      <li>
        <NavLink to="/alerts" className="site-nav__link" onClick={onNavigate}>
          Alerts
        </NavLink>
      </li>
      <li>
        <NavLink to="/billing" className="site-nav__link" onClick={onNavigate}>
          Billing
        </NavLink>
      </li>
      <li>
        <SignOutButton className="site-nav__link site-nav__button" onSignedOut={onNavigate} />
      </li>
    </>
  );
}
