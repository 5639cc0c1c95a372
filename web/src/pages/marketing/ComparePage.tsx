import { LOOKUP_MARKETPLACES, MARKETPLACES } from "@contract/marketplaces";
import { FREE_PLAN, PRO_PLAN } from "@contract/plans";
import { OfferCard, TextCardGrid, type TitledText } from "../../components/MarketingCards";
import { compareAllowance, exportAllowance, listMarketplaces, lookupAllowance, monthlyPrice } from "../../lib/plan-copy";
import { PageHero, TitledSection } from "../../components/PageSections";
import { CompareTool } from "../compare/CompareTool";
import "../../styles/marketing.css";

/**
 * The storefronts the compare view's marketplace toggle names: the US, every European one and
 * Japan, as real codes from the marketplace table (free lookups still run on FREE_PLAN's only).
 */
const TOGGLE_MARKETPLACES = LOOKUP_MARKETPLACES.filter((code) => code === "US" || code === "JP" || MARKETPLACES[code].region === "eu");

const COMPARE_USES_CARDS: readonly TitledText[] = [
  {
    title: "Launch research",
    text: "Line up the top sellers in a category before you commit to a product.",
  },
  {
    title: "Competitor watch",
    text: "See whether a rival's rank moved after a price change or a promotion.",
  },
  {
    title: "Variation check",
    text: "Find out which size or colour of your own listing carries the rank.",
  },
];

export function ComparePage() {
  return (
    <div className="container">
      <PageHero title="Compare ASINs Side by Side">
        Put competing products next to each other and see who leads on rank, price and reviews. Start free, or go
        further with Compare Plus on Pro.
      </PageHero>

      <CompareTool />

      <TitledSection id="compare-plans-title" title="Free and Compare Plus" className="section">
        <div className="card-grid card-grid--two">
          <OfferCard
            eyebrow="Free"
            title="Basic Compare"
            actions={[{ to: "/", label: "Start a Free Lookup", variant: "secondary" }]}
          >
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
          </OfferCard>
          <OfferCard
            eyebrow={<>Pro · {monthlyPrice(PRO_PLAN)}</>}
            title="Compare Plus"
            featured
            actions={[{ to: "/pricing", label: "See Pro Pricing", variant: "primary" }]}
          >
            <ul className="check-list">
              <li>Compare {compareAllowance(PRO_PLAN)}</li>
              <li>Historical rank trends for every product in the set</li>
              <li>Buy Box share over time</li>
              <li>Marketplace breakdowns across {listMarketplaces(PRO_PLAN.marketplaces)}</li>
              <li>CSV and PDF export</li>
            </ul>
          </OfferCard>
        </div>
      </TitledSection>

      <TitledSection id="compare-uses-title" title="What sellers compare" className="section">
        <TextCardGrid cards={COMPARE_USES_CARDS} />
      </TitledSection>
    </div>
  );
}
