import { Link } from "react-router-dom";
import { FREE_PLAN, PRO_PLAN } from "../../../../worker/billing/plans";
import { compareAllowance, exportAllowance, listMarketplaces, lookupAllowance, monthlyPrice } from "../../lib/plan-copy";
import "../../styles/marketing.css";

/** The storefronts the compare view's marketplace toggle names (spec §9); Free lookups run on FREE_PLAN's. */
const TOGGLE_MARKETPLACES = ["US", "UK", "EU", "JP"] as const;

export function ComparePage() {
  return (
    <div className="container">
      <header className="page-hero">
        <h1>Compare ASINs Side by Side</h1>
        <p className="page-hero__lead">
          Put competing products next to each other and see who leads on rank, price and reviews. Start free, or go
          further with Compare Plus on Pro.
        </p>
      </header>

      <section className="section" aria-labelledby="compare-plans-title">
        <h2 id="compare-plans-title">Free and Compare Plus</h2>
        <div className="card-grid card-grid--two">
          <article className="card card--stacked">
            <p className="card__eyebrow">Free</p>
            <h3>Basic Compare</h3>
            <ul className="check-list">
              <li>Compare {compareAllowance(FREE_PLAN)}</li>
              <li>Rank, price and review data, where Amazon's API provides it</li>
              <li>
                Marketplace toggle: {listMarketplaces(TOGGLE_MARKETPLACES)} (free lookups cover{" "}
                {listMarketplaces(FREE_PLAN.marketplaces)})
              </li>
              <li>
                {lookupAllowance(FREE_PLAN)} and {exportAllowance(FREE_PLAN)}, no sign-up
              </li>
            </ul>
            <div className="card__actions">
              <Link to="/" className="button button--secondary">
                Start a Free Lookup
              </Link>
            </div>
          </article>
          <article className="card card--stacked card--featured">
            <p className="card__eyebrow">Pro · {monthlyPrice(PRO_PLAN)}</p>
            <h3>Compare Plus</h3>
            <ul className="check-list">
              <li>Compare {compareAllowance(PRO_PLAN)}</li>
              <li>Historical rank trends for every product in the set</li>
              <li>Buy Box share over time</li>
              <li>Marketplace breakdowns across {listMarketplaces(PRO_PLAN.marketplaces)}</li>
              <li>CSV and PDF export</li>
            </ul>
            <div className="card__actions">
              <Link to="/pricing" className="button button--primary">
                See Pro Pricing
              </Link>
            </div>
          </article>
        </div>
      </section>

      <section className="section" aria-labelledby="compare-uses-title">
        <h2 id="compare-uses-title">What sellers compare</h2>
        <div className="card-grid">
          <article className="card">
            <h3>Launch research</h3>
            <p>Line up the top sellers in a category before you commit to a product.</p>
          </article>
          <article className="card">
            <h3>Competitor watch</h3>
            <p>See whether a rival's rank moved after a price change or a promotion.</p>
          </article>
          <article className="card">
            <h3>Variation check</h3>
            <p>Find out which size or colour of your own listing carries the rank.</p>
          </article>
        </div>
      </section>
    </div>
  );
}
