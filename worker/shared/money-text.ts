/**
 * Amounts written in files (CSV cells, PDF notes) with their currency's own decimals, its ISO 4217
 * minor units as Intl knows them: JPY 0 (4914), USD, EUR and GBP 2 (28.99). A fixed two decimals
 * wrote yen as 4914.00, an amount no Japanese price has.
 */

const LOCALE = "en-US";

/** The decimals `currency` is written with; 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat(LOCALE, { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "4914" (JPY), "150.50" (USD): ungrouped, so a spreadsheet reads the cell as a number. */
export function amountText(amount: number, currency: string): string {
  return amount.toFixed(currencyDigits(currency));
}

/** "4,914 JPY", "1,234.50 USD": for sentences (the code, not a symbol every PDF font has). */
export function amountWithCode(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  const grouped = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  return `${grouped} ${currency}`;
}

/** An export's price cell: at its currency's decimals ("20.00", "4914"); without a currency, the number as it is. */
export function amountCell(amount: number | null | undefined, currency: string | null | undefined): string | number | null {
  if (amount === null || amount === undefined) return null;
  return currency ? amountText(amount, currency) : amount;
}
