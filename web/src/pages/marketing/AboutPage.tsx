import { Link } from "../../components/Link";
import { FREE_PLAN } from "@contract/plans";
import { OfferCard } from "../../components/MarketingCards";
import { lookupAllowance } from "../../lib/plan-copy";
import { PageHero, TitledSection } from "../../components/PageSections";
import "../../styles/marketing.css";

export function AboutPage() {
  return (
    <div className="container">
      <PageHero title="About RankLayer">
        RankLayer is the Amazon rank intelligence layer for sellers, agencies, brand operators and developers who
        manage many listings.
      </PageHero>

      <TitledSection id="story-title" title="Our Story" className="section">
        <p>
          RankLayer started with a question every operator asks daily: where does this product rank right now, and
          is that number real? The tools we tried answered with estimates, scraped pages or a suite far bigger than
          the question. So we built a lookup that asks Amazon itself, through its official APIs, and shows the
          answer plainly: rank, price, offers and where the data came from.
        </p>
      </TitledSection>

      <TitledSection id="mission-title" title="Our Mission" className="section">
        <p>
          Give every Amazon operator trustworthy rank data without guesswork or risk: official sources only,
          read-only access to seller accounts, and no change to a listing, ever.
        </p>
      </TitledSection>

      <TitledSection id="phases-title" title="Our Phases" className="section">
        <div className="card-grid card-grid--two">
          <OfferCard
            eyebrow="Phase 1 · Available now"
            title="Free ASIN Lookup"
            actions={[{ to: "/", label: "Check an ASIN", variant: "secondary" }]}
          >
            <p>
              Best Sellers Rank, price, offers and category for any ASIN, from Amazon's official Creators API.{" "}
              {lookupAllowance(FREE_PLAN)}, no sign-up.
            </p>
          </OfferCard>
          <OfferCard
            eyebrow="Phase 2 · Pro"
            title="Seller Connection"
            actions={[{ to: "/connect", label: "Connect Seller Central", variant: "secondary" }]}
          >
            <p>
              Connect Seller Central through the read-only Selling Partner API for dashboards, rank velocity, Buy Box
              tracking, alerts and reports across your own catalog.
            </p>
          </OfferCard>
        </div>
      </TitledSection>

      <TitledSection id="about-contact-title" title="Talk to Us" className="section">
        <p>
          Partnerships, agencies and larger teams: <Link to="/contact">get in touch</Link>. We answer within one
          business day.
        </p>
      </TitledSection>
    </div>
  );
}
