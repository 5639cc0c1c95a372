import { NavLink } from "./Link";
import { useSession } from "../state/session";
import { SignOutButton } from "./SignOutButton";
import "../styles/account-nav.css";

/** The header's signed-in area: Seller Central, Alerts, Billing and a way out of the session. Nothing while signed out. */
export function AccountNavItems({ onNavigate }: { onNavigate: () => void }) {
  const { user } = useSession();
  if (!user?.authenticated) return null;

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
      {!user.demo && (
        <li>
          <NavLink to="/team" end className="site-nav__link" onClick={onNavigate}>
            Team
          </NavLink>
        </li>
      )}
      <li>
        <SignOutButton className="site-nav__link site-nav__button" onSignedOut={onNavigate} />
      </li>
    </>
  );
}
