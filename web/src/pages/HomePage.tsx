import { lazy, Suspense, useRef } from "react";
import { Link } from "../components/Link";
import { FREE_PLAN, PRO_PLAN } from "@contract/plans";
import { LookupForm } from "../components/LookupForm";
import { TextCardGrid } from "../components/MarketingCards";
import { ScrollToTopButton } from "../components/ScrollToTopButton";
import { compareAllowance, exportAllowance, lookupAllowance, monthlyPrice } from "../lib/plan-copy";
import { TitledSection } from "../components/PageSections";
import "../styles/home.css";
import "../styles/marketing.css";

// The comparison data and table are not in the first-load JS (budget 100 kB gzip): they load as the page renders.
const HomeComparison = lazy(async () => ({ default: (await import("./home/HomeComparison")).HomeComparison }));

const REASONS = [
  {
    title: "Amazon's own numbers",
    text: "Ranks, prices and offers come from Amazon's official Creators API, not from scraping or modelled estimates.",
  },
  {
    title: "Free to start",
    text: `${lookupAllowance(FREE_PLAN)} with no sign-up and no card. Results are cached for at most 24 hours.`,
  },
  {
    title: "Built for many listings",
    text: `Compare ${compareAllowance(PRO_PLAN)} at once with Pro, with portfolio views and alerts for every brand you run.`,
  },
  {
    title: "Read-only by design",
    text: "Connecting Seller Central grants read access only. RankLayer never changes a listing, price or campaign.",
  },
] as const;

const DASHBOARD_CARDS = [
  { title: "Live Rank Tracking", text: "Best Sellers Rank for every ASIN you follow, refreshed at least every 24 hours." },
  { title: "Portfolio Overview", text: "Every brand and category on one screen, with the listings that need attention first." },
  { title: "Alerts & Insights", text: "Daily checks for rank drops, low inventory and Buy Box ownership changes, sent to you." },
  { title: "Reports & Exports", text: "CSV and PDF reports of ranks and prices, on demand or on a daily or weekly schedule." },
] as const;

const SECURITY_POINTS = [
  "Read-only OAuth: Seller Central access goes through Amazon's own consent screen and grants read access only.",
  "Your Seller Central refresh token is encrypted at rest.",
  "No listing changes, ever: RankLayer cannot edit listings, prices, inventory or ads.",
  "Lookup logs and rate-limit data are kept for up to 30 days.",
] as const;

export function HomePage() {
  const asinInput = useRef<HTMLInputElement>(null);

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <h1 id="hero-title" className="hero__title">
            {/* CSS shows one of the two: the full headline, or the short one on narrow screens. */}
            <span className="hero__title-full">The Amazon Rank Intelligence Layer</span>
            <span className="hero__title-short">Amazon Rank Intelligence</span>
          </h1>
          <p className="hero__lead">
            Type an ASIN to see its Best Sellers Rank, price, offers, rating and reviews. Free, no sign-up.
          </p>
          <LookupForm asinInputRef={asinInput} />
        </div>
      </section>

      <TitledSection id="why-title" title="Why Operators Use RankLayer" className="container section">
        <TextCardGrid cards={REASONS} />
      </TitledSection>

      <TitledSection id="how-title" title="How it works" className="container section">
        <div className="card-grid card-grid--two">
          <article className="card">
            <h3>For Everyone</h3>
            <ul className="check-list">
              <li>Enter any ASIN: no account, no card.</li>
              <li>See Best Sellers Rank, price, offers and category from Amazon's official API.</li>
              <li>
                Free plan: {lookupAllowance(FREE_PLAN).toLowerCase()}, compare {compareAllowance(FREE_PLAN)},{" "}
                {exportAllowance(FREE_PLAN)}.
              </li>
            </ul>
          </article>
          <article className="card">
            <h3>For Connected Sellers (Pro)</h3>
            <ul className="check-list">
              <li>Connect Seller Central through read-only OAuth.</li>
              <li>Track rank velocity, Buy Box ownership, inventory and pricing across your catalog.</li>
              <li>Compare {compareAllowance(PRO_PLAN)}, get alerts, and export CSV and PDF reports.</li>
            </ul>
          </article>
        </div>
      </TitledSection>

      <TitledSection id="dashboard-title" title="The Operator Dashboard" className="container section">
        <p className="section__lead">What connected sellers see once Seller Central is linked.</p>
        <TextCardGrid cards={DASHBOARD_CARDS} />
        <p className="cta-row">
          <Link to="/dashboard" className="button button--secondary">
            Explore the Dashboard
          </Link>
        </p>
      </TitledSection>

      <TitledSection id="compare-title" title="How RankLayer Compares" className="container section">
        <Suspense fallback={<p className="section__lead">Loading the comparison…</p>}>
          <HomeComparison />
        </Suspense>
      </TitledSection>

      <TitledSection id="security-title" title="Security and Compliance" className="container section">
        <ul className="check-list card">
          {SECURITY_POINTS.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection id="start-title" title="Get Started" className="container section">
        <ol className="steps">
          <li className="card steps__item">
            <h3>Check an ASIN Free</h3>
            <p>Look up any product's rank and price right now, no sign-up.</p>
            <ScrollToTopButton focusTarget={asinInput}>Check an ASIN Free</ScrollToTopButton>
          </li>
          <li className="card steps__item">
            <h3>Connect Seller Central (Pro)</h3>
            <p>Link your seller account read-only to unlock your own catalog.</p>
            <Link to="/connect" className="button button--secondary">
              Connect Seller Central
            </Link>
          </li>
          <li className="card steps__item">
            <h3>Monitor &amp; Optimize (Pro)</h3>
            <p>Follow ranks, Buy Box and inventory on the dashboard, with alerts and reports.</p>
            <Link to="/dashboard" className="button button--secondary">
              See the Dashboard
            </Link>
          </li>
        </ol>
        <p className="section__closing">
          Ready for more? <Link to="/pricing">Upgrade to Pro</Link> from {monthlyPrice(PRO_PLAN)}.
        </p>
      </TitledSection>
    </>
  );
}
