import { PRO_PLAN } from "@contract/plans";
import { OfferCard, TextCardGrid, type TitledText } from "../../components/MarketingCards";
import { monthlyPrice } from "../../lib/plan-copy";
import { PageHero, TitledSection } from "../../components/PageSections";
import "../../styles/marketing.css";

const TREND_READING_CARDS: readonly TitledText[] = [
  {
    title: "Lower is better",
    text: "Rank #1 is the best seller in its category; a falling number means rising sales.",
  },
  {
    title: "Compare within a category",
    text: "Ranks are per category, so #500 in one category can sell more than #100 in another.",
  },
  {
    title: "Watch the speed",
    text: "A steady rank is healthy; a fast slide after a price change is worth a look today.",
  },
];

export function RankTrendsPage() {
  return (
    <div className="container">
      <PageHero title="Rank Trends">
        A Best Sellers Rank is a moment; the trend is the story. See where a product has been, and how fast it is
        moving.
      </PageHero>

      <TitledSection id="trend-tiers-title" title="Snapshots and Velocity" className="section">
        <div className="card-grid card-grid--two">
          <OfferCard
            eyebrow="Free"
            title="7-Day Cached Snapshots"
            actions={[{ to: "/", label: "Check an ASIN Free", variant: "secondary" }]}
          >
            <ul className="check-list">
              <li>Rank snapshots from the last 7 days, taken from cached lookups</li>
              <li>Each result at most 24 hours old, with its refresh time in UTC</li>
              <li>No sign-up needed</li>
            </ul>
          </OfferCard>
          <OfferCard
            eyebrow={<>Pro · {monthlyPrice(PRO_PLAN)}</>}
            title="Continuous Velocity Tracking"
            featured
            actions={[
              { to: "/connect", label: "Connect Seller Central", variant: "primary" },
              { to: "/pricing", label: "See Pricing", variant: "secondary" },
            ]}
          >
            <ul className="check-list">
              <li>Continuous rank history for every ASIN in your catalog</li>
              <li>Rank velocity: how fast a product climbs or falls, not just where it is</li>
              <li>Daily rank snapshots at 02:00 UTC and alerts on drops of more than 20% in 7 days</li>
              <li>Data from your connected Seller Central account, refreshed at least every 24 hours</li>
            </ul>
          </OfferCard>
        </div>
      </TitledSection>

      <TitledSection id="trend-reading-title" title="Reading a Rank Trend" className="section">
        <TextCardGrid cards={TREND_READING_CARDS} />
      </TitledSection>
    </div>
  );
}
