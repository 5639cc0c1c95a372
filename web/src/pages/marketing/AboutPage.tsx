import { Link } from "react-router-dom";
import { FREE_PLAN } from "../../../../worker/billing/plans";
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
          <article className="card card--stacked">
            <p className="card__eyebrow">Phase 1 · Available now</p>
            <h3>Free ASIN Lookup</h3>
            <p>
              Best Sellers Rank, price, offers and category for any ASIN, from Amazon's official Creators API.{" "}
              {lookupAllowance(FREE_PLAN)}, no sign-up.
            </p>
            <div className="card__actions">
              <Link to="/" className="button button--secondary">
                Check an ASIN
              </Link>
            </div>
          </article>
          <article className="card card--stacked">
            <p className="card__eyebrow">Phase 2 · Pro</p>
            <h3>Seller Connection</h3>
            <p>
              Connect Seller Central through the read-only Selling Partner API for dashboards, rank velocity, Buy Box
              tracking, alerts and reports across your own catalog.
            </p>
            <div className="card__actions">
              <Link to="/connect" className="button button--secondary">
                Connect Seller Central
              </Link>
            </div>
          </article>
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
