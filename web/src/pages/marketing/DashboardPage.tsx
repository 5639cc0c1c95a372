import { useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link";
import { FREE_PLAN, PRO_PLAN } from "@contract/plans";
import { OfferCard, TextCardGrid } from "../../components/MarketingCards";
import { compareAllowance, lookupAllowance, monthlyPrice } from "../../lib/plan-copy";
import { PageHero, TitledSection } from "../../components/PageSections";
import "../../styles/marketing.css";

/** Long enough for any real brand name; keeps a pasted essay out of the layout. */
const BRAND_MAX_LENGTH = 80;

const USE_CASES = [
  { title: "Brand Owners", text: "Watch every ASIN of your brand and catch a rank slide before it shows in sales." },
  { title: "Agencies", text: "Keep each client's catalog apart and send them daily or weekly reports." },
  { title: "Wholesalers", text: "Track Buy Box ownership across the listings you share with other sellers." },
  { title: "Private Label Launches", text: "Follow a new product's rank velocity through its first weeks." },
] as const;

/** The brand a /portfolio link asked for (`?brand=`), trimmed; null when none was given. */
function requestedBrand(params: URLSearchParams): string | null {
  const brand = params.get("brand")?.trim().slice(0, BRAND_MAX_LENGTH) ?? "";
  return brand === "" ? null : brand;
}

export function DashboardPage() {
  const [params] = useSearchParams();
  const brand = requestedBrand(params);

  return (
    <div className="container">
      <PageHero title="The Operator Dashboard">
        One screen for ranks, Buy Box, inventory and pricing across every brand you run.
      </PageHero>

      {brand !== null && (
        <section className="section" aria-labelledby="brand-view-title">
          <div className="notice">
            <h2 id="brand-view-title">Brand view: {brand}</h2>
            <p>
              You asked for the {brand} view. Brand figures come only from a connected Seller Central account, so
              none are shown until you connect. <Link to="/connect">Connect Seller Central</Link> to see {brand}'s
              ranks, Buy Box and inventory.
            </p>
          </div>
        </section>
      )}

      <TitledSection id="dashboard-tiers-title" title="Start Free, Connect for Pro" className="section">
        <div className="card-grid card-grid--two">
          <OfferCard
            eyebrow="Free"
            title="Public Rank Lookups"
            actions={[{ to: "/", label: "Check an ASIN Free", variant: "secondary" }]}
          >
            <p>
              Rank, price, offers and category for any ASIN from Amazon's official Creators API.{" "}
              {lookupAllowance(FREE_PLAN)}, no account needed.
            </p>
          </OfferCard>
          <OfferCard
            eyebrow="Pro"
            title="Your Connected Catalog"
            actions={[{ to: "/connect", label: "Connect Seller Central", variant: "primary" }]}
          >
            <p>
              Connect Seller Central read-only and the dashboard fills with your own listings: rank velocity, Buy
              Box ownership, inventory and pricing.
            </p>
          </OfferCard>
        </div>
      </TitledSection>

      <TitledSection id="dashboard-uses-title" title="Built for How You Operate" className="section">
        <TextCardGrid cards={USE_CASES} />
      </TitledSection>

      <TitledSection id="dashboard-plans-title" title="Plans" className="section">
        <div className="card-grid card-grid--two">
          <OfferCard title="Free" actions={[{ to: "/", label: "Start Free", variant: "secondary" }]}>
            <ul className="check-list">
              <li>{lookupAllowance(FREE_PLAN)}</li>
              <li>Compare {compareAllowance(FREE_PLAN)}</li>
              <li>{monthlyPrice(FREE_PLAN)}, no sign-up</li>
            </ul>
          </OfferCard>
          <OfferCard title="Pro" featured actions={[{ to: "/pricing", label: "See Pro Pricing", variant: "primary" }]}>
            <ul className="check-list">
              <li>The full operator dashboard, alerts and reports</li>
              <li>Compare {compareAllowance(PRO_PLAN)}</li>
              <li>{monthlyPrice(PRO_PLAN)}, cancel anytime</li>
            </ul>
          </OfferCard>
        </div>
      </TitledSection>
    </div>
  );
}
