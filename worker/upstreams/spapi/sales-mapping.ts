/**
 * The part of SP-API Sales v1 getOrderMetrics answers the revenue figures read:
 * { payload: [{ interval: "<start>--<end>", unitCount, totalSales: { amount: "25", currencyCode } }] }.
 * Amounts are decimal strings in the model; anything unreadable is dropped, never guessed.
 */
export interface OrderMetricsPayload {
  payload?: readonly { interval?: string; unitCount?: number; totalSales?: { amount?: string | number; currencyCode?: string } }[];
}

/** Ordered product sales of one ASIN on one day (the interval's start date, in the marketplace's time zone). */
export interface DailySales {
  day: string;
  amount: number;
  currency: string;
  units: number;
}


/** Each readable Day interval of the answer; the day is the interval's start date as Amazon wrote it. */
export function dailySales(body: OrderMetricsPayload): DailySales[] {
  const days: DailySales[] = [];
  for (const entry of body.payload ?? []) {
    const day = /^(\d{4}-\d{2}-\d{2})T/.exec(entry.interval ?? "")?.[1];
    const amount = Number(entry.totalSales?.amount);
    const currency = entry.totalSales?.currencyCode;
    const units = entry.unitCount;
    if (!day || !Number.isFinite(amount) || amount < 0 || !currency || typeof units !== "number" || !Number.isInteger(units) || units < 0) continue;
    days.push({ day, amount, currency, units });
  }
  return days;
}
