import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import { Link, NavLink } from "./Link";
import { DarkModeToggle } from "./DarkModeToggle";
import { SignInLink } from "./SignInLink";
import { useSession } from "../state/session";

const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/compare", label: "Compare" },
  { to: "/dashboard", label: "Dashboard" },
  { to: "/rank-trends", label: "Rank Trends" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
] as const;

const NAV_ID = "site-nav";

// Its own chunk: only accounts with several workspaces see it, so it stays out of the first-load budget.
const WorkspaceSwitcher = lazy(async () => ({ default: (await import("./WorkspaceSwitcher")).WorkspaceSwitcher }));
// Signed-in only, so also their own chunks: a signed-out visit (most of them) never loads them.
const NotificationBell = lazy(async () => ({ default: (await import("./NotificationBell")).NotificationBell }));
const AccountNavItems = lazy(async () => ({ default: (await import("./AccountNavItems")).AccountNavItems }));

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { user } = useSession();

  // Any navigation (links, back/forward) leaves the mobile menu closed.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header
      className="site-header"
      onKeyDown={(event) => {
        // Focus goes back to the button: the link it was on disappears with the menu.
        if (event.key === "Escape" && menuOpen) {
          setMenuOpen(false);
          menuButton.current?.focus();
        }
      }}
    >
      <div className="container site-header__bar">
        <Link to="/" className="brand" aria-label="RankLayer home">
          Rank<span className="brand__accent">Layer</span>
        </Link>
        <div className="site-header__actions">
          <SignInLink />
          {user?.authenticated && !user.demo && (
            <Suspense fallback={null}>
              <WorkspaceSwitcher />
            </Suspense>
          )}
          {user?.authenticated && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          <DarkModeToggle />
          <button
            ref={menuButton}
            type="button"
            className="icon-button menu-button"
            aria-expanded={menuOpen}
            aria-controls={NAV_ID}
            aria-label="Menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>
        <nav
          id={NAV_ID}
          className="site-nav"
          data-open={menuOpen}
          aria-label="Main"
        >
          <ul className="site-nav__list">
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <NavLink to={to} end className="site-nav__link" onClick={() => setMenuOpen(false)}>
                  {label}
                </NavLink>
              </li>
            ))}
            {user?.authenticated && (
              <Suspense fallback={null}>
                <AccountNavItems onNavigate={() => setMenuOpen(false)} />
              </Suspense>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={open ? "M6 6l12 12M18 6L6 18" : "M4 7h16M4 12h16M4 17h16"} />
    </svg>
  );
}
