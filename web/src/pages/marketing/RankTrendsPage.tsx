import { Link } from "react-router-dom";
import { PRO_PLAN } from "../../../../worker/billing/plans";
import { monthlyPrice } from "../../lib/plan-copy";
import "../../styles/marketing.css";

export function RankTrendsPage() {
  return (
    <div className="container">
      <header className="page-hero">
        <h1>Rank Trends</h1>
        <p className="page-hero__lead">
          A Best Sellers Rank is a moment; the trend is the story. See where a product has been, and how fast it is
          moving.
        </p>
      </header>

      <section className="section" aria-labelledby="trend-tiers-title">
        <h2 id="trend-tiers-title">Snapshots and Velocity</h2>
        <div className="card-grid card-grid--two">
          <article className="card card--stacked">
            <p className="card__eyebrow">Free</p>
            <h3>7-Day Cached Snapshots</h3>
            <ul className="check-list">
              <li>Rank snapshots from the last 7 days, taken from cached lookups</li>
              <li>Each result at most 24 hours old, with its refresh time in UTC</li>
              <li>No sign-up needed</li>
            </ul>
            <div className="card__actions">
              <Link to="/" className="button button--secondary">
                Check an ASIN Free
              </Link>
            </div>
          </article>
          <article className="card card--stacked card--featured">
            <p className="card__eyebrow">Pro · {monthlyPrice(PRO_PLAN)}</p>
            <h3>Continuous Velocity Tracking</h3>
            <ul className="check-list">
              <li>Continuous rank history for every ASIN in your catalog</li>
              <li>Rank velocity: how fast a product climbs or falls, not just where it is</li>
              <li>Daily rank snapshots at 02:00 UTC and alerts on drops of more than 20% in 7 days</li>
              <li>Data from your connected Seller Central account, refreshed at least every 24 hours</li>
            </ul>
            <div className="card__actions">
              <Link to="/connect" className="button button--primary">
                Connect Seller Central
              </Link>
              <Link to="/pricing" className="button button--secondary">
                See Pricing
              </Link>
            </div>
          </article>
        </div>
      </section>

      <section className="section" aria-labelledby="trend-reading-title">
        <h2 id="trend-reading-title">Reading a Rank Trend</h2>
        <div className="card-grid">
          <article className="card">
            <h3>Lower is better</h3>
            <p>Rank #1 is the best seller in its category; a falling number means rising sales.</p>
          </article>
          <article className="card">
            <h3>Compare within a category</h3>
            <p>Ranks are per category, so #500 in one category can sell more than #100 in another.</p>
          </article>
          <article className="card">
            <h3>Watch the speed</h3>
            <p>A steady rank is healthy; a fast slide after a price change is worth a look today.</p>
          </article>
        </div>
      </section>
    </div>
  );
}
