import { FREE_PLAN, PRO_PLAN } from "@contract/plans";
import { OfferCard } from "../../components/MarketingCards";
import { exportAllowance, monthlyPrice } from "../../lib/plan-copy";
import { PageHero, TitledSection } from "../../components/PageSections";
import "../../styles/marketing.css";

export function ReportsPage() {
  return (
    <div className="container">
      <PageHero title="Reports">
        Rank, price and Buy Box data in files you can share with a client, a partner or your own spreadsheet.
      </PageHero>

      <TitledSection id="report-tiers-title" title="Free and Pro Reports" className="section">
        <div className="card-grid card-grid--two">
          <OfferCard
            eyebrow="Free"
            title="Lookup Exports"
            actions={[{ to: "/", label: "Check an ASIN Free", variant: "secondary" }]}
          >
            <ul className="check-list">
              <li>Export the ASINs you looked up: rank, price, offers and category</li>
              <li>{exportAllowance(FREE_PLAN)}</li>
              <li>Every row carries its source and refresh time in UTC</li>
            </ul>
          </OfferCard>
          <OfferCard
            eyebrow={<>Pro · {monthlyPrice(PRO_PLAN)}</>}
            title="Portfolio Reports"
            featured
            actions={[
              { to: "/pricing", label: "See Pro Pricing", variant: "primary" },
              { to: "/dashboard", label: "See the Dashboard", variant: "secondary" },
            ]}
          >
            <ul className="check-list">
              <li>Portfolio, brand and category reports from your connected catalog</li>
              <li>Rank velocity, Buy Box ownership and inventory in one file</li>
              <li>CSV and PDF formats</li>
              <li>Scheduled delivery, daily or weekly</li>
            </ul>
          </OfferCard>
        </div>
      </TitledSection>

      <TitledSection id="report-schedule-title" title="Report Scheduling" className="section">
        <div className="card-grid card-grid--two">
          <article className="card">
            <h3>Daily</h3>
            <p>A morning summary after the 02:00 UTC rank snapshot: what moved, what dropped, what needs attention.</p>
          </article>
          <article className="card">
            <h3>Weekly</h3>
            <p>A week of rank and Buy Box trends per brand, ready for a Monday review or a client update.</p>
          </article>
        </div>
      </TitledSection>
    </div>
  );
}
