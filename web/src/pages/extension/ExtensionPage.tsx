import { Link } from "../../components/Link";
import { PageHero, TitledSection } from "../../components/PageSections";
import { PanelMockup } from "./PanelMockup";
import "../../styles/marketing.css";
import "./extension.css";

const FEATURES = [
  "Best Sellers Rank and category, rating and review count, right under the buy box",
  "The rank chart: 30 days, or 90 on Pro; 7 days without a key",
  "Source and as-of time on every figure; sample data is labelled Mock, never shown as live",
  "Track adds the product to your watchlist; Alert sets a rank or price alert in two clicks",
  "Ranks beside search results on Pro, ten products per request",
] as const;

const INSTALL_STEPS = [
  { title: "Build or download", text: "Run npm run build:extension in the RankLayer repository, or unzip ranklayer-extension-chromium.zip." },
  { title: "Load it", text: "Open chrome://extensions, switch on Developer mode, choose Load unpacked and pick the extension/dist folder." },
  { title: "Connect", text: "In the extension's options choose Sign in on ranklayer.com, or paste a Pro API key from Settings → API Access." },
] as const;

/** /extension: what the browser extension shows on Amazon, how to install it, and what it keeps private. */
export function ExtensionPage() {
  return (
    <div className="container">
      <PageHero title="RankLayer on the Amazon page">
        A browser extension for Chrome, Edge and Firefox that shows a product's rank, rank history and tracking
        buttons on Amazon's own product pages, in all nine RankLayer marketplaces.
      </PageHero>

      <TitledSection id="extension-what-title" title="What it shows" className="section extension-showcase">
        <ul className="check-list">
          {FEATURES.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        <figure className="extension-figure">
          <PanelMockup />
          <figcaption>The panel as it appears under the buy box (illustration with sample figures).</figcaption>
        </figure>
      </TitledSection>

      <TitledSection id="extension-install-title" title="Install" className="section">
        <ol className="steps">
          {INSTALL_STEPS.map(({ title, text }) => (
            <li key={title} className="card steps__item">
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
        <p className="section__closing">
          Without a key the panel uses the free lookup and says how many lookups are left. Track, Alert, 30 and 90 days
          of history and search-page ranks need a <Link to="/pricing">Pro plan</Link>.
        </p>
      </TitledSection>

      <TitledSection id="extension-privacy-title" title="Permissions and privacy" className="section">
        <ul className="check-list">
          <li>Runs only on Amazon product and search pages; reads nothing but the page address and the result list's ASINs.</li>
          <li>Asks for storage only, and network access only to RankLayer's API.</li>
          <li>Your API key stays in the extension's own storage and is never given to Amazon's pages.</li>
          <li>Answers are kept for 24 hours so a product seen again costs no request; a hidden tab asks for nothing.</li>
        </ul>
        <p className="section__closing">
          More in the <Link to="/docs/api">API documentation</Link> and our <Link to="/privacy">privacy policy</Link>.
        </p>
      </TitledSection>
    </div>
  );
}
