import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ACCOUNT_MARKETPLACES, type AccountMarketplace, type CatalogItemResult } from "@contract/account";
import { catalogItemQuerySchema } from "@contract/catalog-item";
import { errorMessage } from "../../api/api-error";
import { fetchCatalogItem } from "../../api/account";
import { useConnectionParam } from "../../components/ConnectionPicker";
import { CatalogResult } from "./CatalogResult";
import { isAccountMarketplace } from "@contract/user-status";
import { AsinField } from "../../components/AsinField";
import { MarketplaceSelect } from "../../components/MarketplaceSelect";

const INVALID_ASIN = "Please enter a valid 10-character ASIN";
const FETCH_FAILED = "Failed to fetch product data";

type FetchState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "invalid" }
  | { status: "error"; message: string }
  | { status: "success"; item: CatalogItemResult };

/** The Fetch Catalog Item form and what it fetched: one ASIN from the seller's marketplace via SP-API. */
export function CatalogFetch({ defaultMarketplace }: { defaultMarketplace: AccountMarketplace }) {
  const id = useId();
  const [asin, setAsin] = useState("");
  const [marketplace, setMarketplace] = useState(defaultMarketplace);
  const connection = useConnectionParam();
  const [state, setState] = useState<FetchState>({ status: "idle" });
  // A newer fetch (or leaving the page) cancels the one in flight.
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    inFlight.current?.abort();
    // The Worker's own query schema: exactly 10 letters or digits, else no call at all.
    const query = catalogItemQuerySchema.safeParse({ asin, marketplace, connection });
    if (!query.success) {
      setState({ status: "invalid" });
      return;
    }

    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: "loading" });
    try {
      const item = await fetchCatalogItem(query.data, controller.signal);
      if (!controller.signal.aborted) setState({ status: "success", item });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ status: "error", message: errorMessage(error, FETCH_FAILED) });
    }
  }

  const errorId = `${id}-error`;
  const message = state.status === "invalid" ? INVALID_ASIN : state.status === "error" ? state.message : null;

  return (
    <section className="card catalog" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Fetch Catalog Item</h2>
      <form className="catalog__form" onSubmit={(event) => void submit(event)} noValidate>
        <AsinField
          id={`${id}-asin`}
          value={asin}
          onValueChange={(value, pastedMarketplace) => {
            setAsin(value);
            if (pastedMarketplace && isAccountMarketplace(pastedMarketplace)) setMarketplace(pastedMarketplace);
          }}
          aria-invalid={state.status === "invalid"}
          aria-describedby={message === null ? undefined : errorId}
        />
        <MarketplaceSelect
          label="Marketplace"
          options={ACCOUNT_MARKETPLACES}
          value={marketplace}
          onChange={setMarketplace}
        />
        <button type="submit" className="button button--primary catalog__submit" disabled={state.status === "loading"}>
          {state.status === "loading" ? "Fetching..." : "Fetch from SP-API"}
        </button>
      </form>
      {message !== null && (
        <p id={errorId} className="field-error" role="alert">
          {message}
        </p>
      )}
      {state.status === "success" && <CatalogResult item={state.item} />}
    </section>
  );
}
