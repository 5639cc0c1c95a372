import { useCallback, useId, useMemo } from "react";
import type { IntradayResponse } from "@contract/dashboard";
import type { HistoryResponse } from "@contract/history";
import { TimeChart } from "../../components/charts/TimeChart";
import { formatPrice } from "../../lib/format";
import { currenciesOf, currencyOf, inCurrency, merged, minorUnit } from "./trend-series";

export interface PriceChartProps {
  series: HistoryResponse[];
  intraday: IntradayResponse["series"];
  rangeText: string;
  days: number;
  /** The currency the seller picked, kept by the page across ranges; null: the most common one. */
  currency: string | null;
  onCurrency: (currency: string) => void;
}

/** The price chart: one currency at a time, with a picker when the charted ASINs are priced in several. */
export function PriceChart({ series, intraday, rangeText, days, currency: picked, onCurrency }: PriceChartProps) {
  const id = useId();
  const currencies = useMemo(() => currenciesOf(series), [series]);
  const currency = picked !== null && currencies.includes(picked) ? picked : (currencies[0] ?? "USD");
  const { shown, left } = useMemo(() => inCurrency(series, currency), [series, currency]);
  const prices = useMemo(() => merged(shown, intraday, "price"), [shown, intraday]);
  const formatValue = useCallback((amount: number) => formatPrice({ amount, currency }), [currency]);
  const count = (code: string) => series.filter((s) => currencyOf(s) === code).length;

  return (
    <section className="card" aria-labelledby="price-chart-title">
      <h2 id="price-chart-title">
        Price in {currency}, {rangeText}
      </h2>
      {currencies.length > 1 && (
        <div className="filters">
          <div className="field">
            <label htmlFor={`${id}-currency`}>Currency</label>
            <select id={`${id}-currency`} value={currency} onChange={(event) => onCurrency(event.target.value)}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code} ({count(code) === 1 ? "1 ASIN" : `${count(code)} ASINs`})
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <TimeChart label={`Price in ${currency} over ${rangeText}`} series={prices} days={days} formatValue={formatValue} valueStep={minorUnit(currency)} />
      {left.length > 0 && (
        <p className="table-note">
          Not in this chart, priced in another currency: {left.map((s) => `${s.asin} (${s.marketplace}, ${currencyOf(s)})`).join(", ")}. Pick their currency above to chart them.
        </p>
      )}
    </section>
  );
}
