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
              <li>Report emails with the CSV attached, daily or weekly: switch them on in Settings</li>
            </ul>
          </OfferCard>
        </div>
      </TitledSection>

      <TitledSection id="report-schedule-title" title="Report Scheduling" className="section">
        <div className="card-grid card-grid--two">
          <article className="card">
            <h3>Daily</h3>
            <p>
              An email each morning after the 02:00 UTC rank snapshot: every tracked ASIN&apos;s rank against yesterday, the alerts that fired, Buy Box and
              stock changes, with the figures as CSV. Switch it on in Settings → Notifications.
            </p>
          </article>
          <article className="card">
            <h3>Weekly</h3>
            <p>
              An email every Monday with the week before: rank changes, alerts fired, Buy Box and stock changes, and the same CSV. Ready for a Monday
              review or a client update.
            </p>
          </article>
        </div>
      </TitledSection>
    </div>
  );
}
