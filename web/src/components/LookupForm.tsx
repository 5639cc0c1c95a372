import { useId, useState, type FormEvent, type Ref } from "react";
import { useNavigate } from "react-router-dom";
import { readPastedAsin } from "@contract/asin-input";
import { DEFAULT_MARKETPLACE, normalizeAsin, type Marketplace } from "@contract/marketplaces";
import { FREE_PLAN } from "@contract/plans";
import { marketplaceLabel } from "../lib/marketplaces";

/**
 * ASIN lookup: reads the ASIN as pasted (spaces, lower case, an Amazon product URL), blocks an
 * empty one, and opens /results.
 * The format itself is the server's to judge, so a short ASIN still goes through.
 * `asinInputRef` lets a page move focus to the ASIN input (its "Check an ASIN" buttons).
 */
export function LookupForm({ asinInputRef }: { asinInputRef?: Ref<HTMLInputElement> }) {
  const navigate = useNavigate();
  const [asin, setAsin] = useState("");
  const [marketplace, setMarketplace] = useState<Marketplace>(DEFAULT_MARKETPLACE);
  const [showEmptyError, setShowEmptyError] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalized = normalizeAsin(asin);
    if (normalized === "") {
      setShowEmptyError(true);
      return;
    }
    const query = new URLSearchParams({ asin: normalized, marketplace });
    navigate(`/results?${query}`);
  }

  return (
    <form className="lookup-form" role="search" aria-label="Product lookup" onSubmit={submit} noValidate>
      <div className="field lookup-form__asin">
        <label htmlFor={`${id}-asin`}>ASIN</label>
        <input
          ref={asinInputRef}
          id={`${id}-asin`}
          name="asin"
          type="text"
          value={asin}
          onChange={(event) => {
            // No maxlength: it would cut " B08N5WRWNW " or a product URL short. The paste is read instead.
            const pasted = readPastedAsin(event.target.value);
            setAsin(pasted.asin);
            // A pasted link's marketplace is the one meant, offered or not: never its ASIN looked up in US.
            if (pasted.marketplace) setMarketplace(pasted.marketplace);
            setShowEmptyError(false);
          }}
          required
          placeholder="e.g. B08N5WRWNW"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={showEmptyError}
          aria-describedby={showEmptyError ? errorId : undefined}
        />
      </div>
      <div className="field lookup-form__marketplace">
        <label htmlFor={`${id}-marketplace`}>Marketplace</label>
        <select
          id={`${id}-marketplace`}
          name="marketplace"
          value={marketplace}
          onChange={(event) => setMarketplace(event.target.value as Marketplace)}
        >
          {/* The anonymous lookup offers only what the free plan covers; the rest come with Pro. */}
          {(FREE_PLAN.marketplaces.includes(marketplace) ? FREE_PLAN.marketplaces : [...FREE_PLAN.marketplaces, marketplace]).map((code) => (
            <option key={code} value={code}>
              {marketplaceLabel(code)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--primary lookup-form__submit">
        Look Up ASIN
      </button>
      {showEmptyError && (
        <p id={errorId} className="field-error" role="alert">
          Enter an ASIN to look up.
        </p>
      )}
    </form>
  );
}
