import { useId, type FormEvent } from "react";
import { Link } from "../../components/Link";
import { parseAsinList } from "@contract/asin-list";
import { COMPARE_MAX_ASINS, type ComparePlan } from "@contract/compare";
import { LOOKUP_MARKETPLACES, type Marketplace } from "@contract/marketplaces";
import { MarketplaceSelect } from "../../components/MarketplaceSelect";

interface CompareFormProps {
  plan: ComparePlan;
  text: string;
  onTextChange: (text: string) => void;
  marketplace: Marketplace;
  onMarketplaceChange: (code: Marketplace) => void;
  onCompare: (asins: string[], marketplace: Marketplace) => void;
  busy: boolean;
  /** False when the caller's plan could not be read: only what no plan allows is held back, and the server names the plan's limits. */
  planKnown?: boolean;
}

/**
 * The ASINs to compare, pasted in any form: spaces, commas, new lines, lower case, Amazon
 * product URLs (whose host also picks the marketplace). What is not an ASIN, repeats, the plan's
 * limit and links of a marketplace it lacks are shown as the text changes, and Compare makes no
 * call until they are fixed.
 */
export function CompareForm({ plan, text, onTextChange, marketplace, onMarketplaceChange, onCompare, busy, planKnown = true }: CompareFormProps) {
  const id = useId();
  const parsed = parseAsinList(text);
  const limit = planKnown ? plan.compareLimit : COMPARE_MAX_ASINS;
  const covered = planKnown ? plan.marketplaces : LOOKUP_MARKETPLACES;
  const overLimit = parsed.asins.length > limit;
  const wrongMarketplace = parsed.marketplace !== null && !covered.includes(parsed.marketplace);
  const problems = parsed.invalid.length > 0 || overLimit || wrongMarketplace;
  // A shared link's marketplace the plan lacks stays shown (not the first option over it), so it can be changed.
  const options = covered.includes(marketplace) ? covered : [...covered, marketplace];

  function change(next: string) {
    onTextChange(next);
    const named = parseAsinList(next).marketplace;
    if (named && covered.includes(named) && named !== marketplace) onMarketplaceChange(named);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (problems || parsed.asins.length === 0 || busy) return;
    onCompare(parsed.asins, marketplace);
  }

  return (
    <form className="compare-form card" aria-label="Compare ASINs" onSubmit={submit} noValidate>
      <div className="field compare-form__asins">
        <label htmlFor={`${id}-asins`}>
          ASINs or Amazon product links (up to {limit}
          {planKnown && ` on ${plan.planName}`})
        </label>
        <textarea
          id={`${id}-asins`}
          name="asins"
          rows={4}
          value={text}
          onChange={(event) => change(event.target.value)}
          placeholder={"B08N5WRWNW, B07XJ8C8F5\nhttps://www.amazon.com/dp/B09B8V1LZ3"}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby={`${id}-summary`}
          aria-invalid={problems}
        />
      </div>
      <MarketplaceSelect
        label="Marketplace"
        className="compare-form__marketplace"
        options={options}
        value={marketplace}
        onChange={onMarketplaceChange}
      />
      <button type="submit" className="button button--primary compare-form__submit" disabled={busy || parsed.asins.length === 0}>
        {busy ? "Comparing…" : "Compare"}
      </button>
      <div id={`${id}-summary`} className="compare-form__summary" aria-live="polite">
        <p>
          {parsed.asins.length} ASIN{parsed.asins.length === 1 ? "" : "s"} to compare
          {parsed.duplicates > 0 && ` (${parsed.duplicates} repeat${parsed.duplicates === 1 ? "" : "s"} removed)`}.
        </p>
        {parsed.invalid.length > 0 && (
          <p className="field-error">Not ASINs or Amazon product links: {parsed.invalid.join(", ")}</p>
        )}
        {overLimit && (
          <p className="field-error" role="alert">
            {planKnown ? `Your ${plan.planName} plan compares` : "A compare holds"} up to {limit} ASINs at once; remove{" "}
            {parsed.asins.length - limit}.{" "}
            {planKnown && plan.plan === "free" && <Link to="/pricing">Upgrade to Pro to compare up to 10</Link>}
          </p>
        )}
        {wrongMarketplace && (
          <p className="field-error">
            The links are from the {parsed.marketplace} marketplace, which your {plan.planName} plan does not cover.{" "}
            <Link to="/pricing">See Pro</Link>
          </p>
        )}
      </div>
    </form>
  );
}
