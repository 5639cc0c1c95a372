import { Link } from "react-router-dom";
import { FREE_PLAN } from "../../../../worker/contract/plans";
import { OfferCard } from "../../components/MarketingCards";
import { lookupAllowance } from "../../lib/plan-copy";
import "../../styles/marketing.css";

export function AboutPage() {
  return (
    <div className="container">
      <header className="page-hero">
        <h1>About RankLayer</h1>
        <p className="page-hero__lead">
          RankLayer is the Amazon rank intelligence layer for sellers, agencies, brand operators and developers who
          manage many listings.
        </p>
      </header>

      <section className="section" aria-labelledby="story-title">
        <h2 id="story-title">Our Story</h2>
        <p>
          RankLayer started with a question every operator asks daily: where does this product rank right now, and
          is that number real? The tools we tried answered with estimates, scraped pages or a suite far bigger than
          the question. So we built a lookup that asks Amazon itself, through its official APIs, and shows the
          answer plainly: rank, price, offers and where the data came from.
        </p>
      </section>

      <section className="section" aria-labelledby="mission-title">
        <h2 id="mission-title">Our Mission</h2>
        <p>
          Give every Amazon operator trustworthy rank data without guesswork or risk: official sources only,
          read-only access to seller accounts, and no change to a listing, ever.
        </p>
      </section>

      <section className="section" aria-labelledby="phases-title">
        <h2 id="phases-title">Our Phases</h2>
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
      </section>

      <section className="section" aria-labelledby="about-contact-title">
        <h2 id="about-contact-title">Talk to Us</h2>
        <p>
          Partnerships, agencies and larger teams: <Link to="/contact">get in touch</Link>. We answer within one
          business day.
        </p>
      </section>
    </div>
  );
}
