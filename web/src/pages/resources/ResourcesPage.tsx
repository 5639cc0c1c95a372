import { Link } from "../../components/Link";
import { COMPARISON_GUIDES } from "../../content/comparison-guides";
import { PageHero, TitledSection } from "../../components/PageSections";
import "../../styles/marketing.css";

const GETTING_STARTED_GUIDES = [
  { to: "/", title: "Look up an ASIN", text: "Rank, price, offers and category for any product, free and without sign-up." },
  { to: "/compare", title: "Compare products", text: "What the free compare and Pro Compare Plus show side by side." },
  { to: "/rank-trends", title: "Read a rank trend", text: "Snapshots, velocity, and what a moving Best Sellers Rank means." },
  { to: "/connect", title: "Connect Seller Central", text: "Link your seller account read-only for the Pro dashboard." },
  { to: "/pricing", title: "Plans and limits", text: "What Free, Pro, Agency and Enterprise include." },
  { to: "/docs/api", title: "API documentation", text: "Every endpoint with curl and fetch examples, keys and rate limits." },
] as const;

export function ResourcesPage() {
  return (
    <div className="container">
      <PageHero title="Resources">
        Guides for getting more out of Amazon rank data, and honest comparisons with other seller tools.
      </PageHero>

      <TitledSection id="comparison-guides-title" title="Comparison Guides" className="section">
        <ul className="guide-list">
          {COMPARISON_GUIDES.map((guide) => (
            <li key={guide.path} className="card">
              <h3>
                <Link to={guide.path}>{guide.title}</Link>
              </h3>
              <p>{guide.summary}</p>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection id="tools-title" title="Tools" className="section">
        <ul className="guide-list">
          <li className="card">
            <h3>
              <Link to="/extension">Browser extension</Link>
            </h3>
            <p>Rank, rank history and one-click tracking on Amazon's own product pages, in Chrome, Edge and Firefox.</p>
          </li>
        </ul>
      </TitledSection>

      <TitledSection id="getting-started-title" title="Getting Started" className="section">
        <ul className="guide-list">
          {GETTING_STARTED_GUIDES.map(({ to, title, text }) => (
            <li key={to} className="card">
              <h3>
                <Link to={to}>{title}</Link>
              </h3>
              <p>{text}</p>
            </li>
          ))}
        </ul>
      </TitledSection>
    </div>
  );
}
