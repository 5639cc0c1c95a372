import { Link } from "./Link";
import type { DataSource } from "@contract/product";
import { useDataSource } from "../state/data-source";

const FOOTER_LINKS = [
  { to: "/resources", label: "Resources" },
  { to: "/extension", label: "Browser extension" },
  { to: "/status", label: "Status" },
  { to: "/settings", label: "Settings" },
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
] as const;

const SOURCE_LABELS: Record<DataSource, string> = { cache: "Cache", live: "Live", mock: "Mock" };

export function Footer() {
  const { source } = useDataSource();

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {source !== null && (
          <p className="site-footer__source">
            Data source: <span className={`badge badge--${source}`}>{SOURCE_LABELS[source]}</span>
          </p>
        )}
        <p className="site-footer__disclosure">
          As an Amazon Associate, RankLayer earns from qualifying purchases. Amazon and all related marks are
          trademarks of Amazon.com, Inc. or its affiliates.
        </p>
        <p className="site-footer__copyright">© {new Date().getFullYear()} RankLayer</p>
      </div>
    </footer>
  );
}
