import { useRef } from "react";
import { Link } from "../../components/Link";
import { ComparisonTable } from "../../components/ComparisonTable";
import { LookupForm } from "../../components/LookupForm";
import { ScrollToTopButton } from "../../components/ScrollToTopButton";
import { COMPETITOR_PROFILES, RANKLAYER_PROFILE, type Competitor } from "../../content/comparison";
import { comparisonGuide } from "../../content/comparison-guides";
import { TitledSection } from "../../components/PageSections";
import "../../styles/home.css";
import "../../styles/marketing.css";

/** One comparison guide under /resources: RankLayer against one other seller tool. */
export function ComparisonPage({ competitor }: { competitor: Competitor }) {
  const asinInput = useRef<HTMLInputElement>(null);
  const guide = comparisonGuide(competitor);
  const them = COMPETITOR_PROFILES[competitor];

  return (
    <div className="container">
      <header className="page-hero page-hero--centered">
        <p>
          <Link to="/resources">All resources</Link>
        </p>
        <h1>{guide.title}</h1>
        <p className="page-hero__lead">{guide.summary}</p>
        <LookupForm asinInputRef={asinInput} />
      </header>

      <TitledSection id="glance-title" title="At a Glance" className="section">
        <ComparisonTable caption={`RankLayer and ${them.name} side by side`} tools={[RANKLAYER_PROFILE, them]} />
      </TitledSection>

      <TitledSection id="fit-title" title="Which One Fits" className="section">
        <div className="card-grid card-grid--two">
          <article className="card">
            <h3>Where {them.name} shines</h3>
            <ul className="check-list">
              {guide.theirStrengths.map((strength) => (
                <li key={strength}>{strength}</li>
              ))}
            </ul>
          </article>
          <article className="card">
            <h3>Where RankLayer fits</h3>
            <ul className="check-list">
              {guide.rankLayerFit.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </article>
        </div>
        <p className="section__lead">
          The two can work together: a research tool to find products, RankLayer to monitor the ones you sell.
        </p>
      </TitledSection>

      <TitledSection id="try-title" title="Try RankLayer" className="section">
        <div className="cta-row">
          <ScrollToTopButton focusTarget={asinInput}>Check an ASIN</ScrollToTopButton>
          <Link to="/connect" className="button button--secondary">
            Connect Seller Central
          </Link>
          <Link to="/dashboard" className="button button--secondary">
            See the Dashboard
          </Link>
        </div>
      </TitledSection>
    </div>
  );
}
