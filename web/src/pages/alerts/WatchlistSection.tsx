import { Link } from "../../components/Link";
import { useEffect, useId, useState, type FormEvent } from "react";
import { watchlistEntrySchema } from "@contract/history";
import { DEFAULT_MARKETPLACE, LOOKUP_MARKETPLACES, type Marketplace } from "@contract/marketplaces";
import { errorMessage } from "../../api/api-error";
import { LimitMessage } from "../../components/LimitMessage";
import { LoadFailed } from "../../components/LoadFailed";
import { fieldErrorsOf } from "../../api/field-errors";
import { useResource } from "../../api/use-resource";
import { addToWatchlist, fetchWatchlist, removeFromWatchlist, type WatchlistEntry } from "../../api/watchlist";
import { AsinField } from "../../components/AsinField";
import { MarketplaceSelect } from "../../components/MarketplaceSelect";
import { formatUtc } from "../../lib/format";
import "../../styles/watchlist.css";

const LOAD_FAILED = "Failed to load your watchlist.";
const CHANGE_FAILED = "That did not work. Please try again.";

type Outcome = { kind: "error" | "status"; text: string } | null;

/** The ASINs this user tracks (snapshotted every night even without an alert): list, remove, add by ASIN. */
export function WatchlistSection({
  readOnly = false,
  onCount,
}: {
  /** A viewer: the list without Add or Remove. */
  readOnly?: boolean;
  /** Told how many ASINs the list holds, each time it loads. */
  onCount?: (count: number) => void;
}) {
  const id = useId();
  const [watchlist, reload] = useResource(fetchWatchlist);
  const count = watchlist.status === "success" ? watchlist.data.items.length : null;
  useEffect(() => {
    if (count !== null) onCount?.(count);
  }, [count, onCount]);
  const [asin, setAsin] = useState("");
  const [marketplace, setMarketplace] = useState<Marketplace>(DEFAULT_MARKETPLACE);
  const [asinError, setAsinError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A refused Remove shows in its own item: the add form's line may be a long list away.
  const [itemRefusal, setItemRefusal] = useState<{ key: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function change(request: () => Promise<string>, onError = (text: string) => setOutcome({ kind: "error", text })) {
    setBusy(true);
    setOutcome(null);
    setItemRefusal(null);
    try {
      setOutcome({ kind: "status", text: await request() });
      reload();
    } catch (error) {
      onError(errorMessage(error, CHANGE_FAILED));
    } finally {
      setBusy(false);
    }
  }

  function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const entry = watchlistEntrySchema.safeParse({ asin, marketplace });
    if (!entry.success) {
      setAsinError(fieldErrorsOf(entry.error, ["asin"]).asin ?? "Check the ASIN");
      return;
    }
    setAsinError(null);
    const typed = asin;
    void change(async () => {
      const { added } = await addToWatchlist(entry.data);
      // Emptied only if it still holds this ASIN: the next one may have been typed meanwhile.
      setAsin((current) => (current === typed ? "" : current));
      return added ? `${entry.data.asin} is now on your watchlist.` : `${entry.data.asin} was already on your watchlist.`;
    });
  }

  function remove(entry: WatchlistEntry) {
    const key = itemKey(entry);
    void change(
      async () => {
        await removeFromWatchlist(entry);
        return `${entry.asin} (${entry.marketplace}) was removed from your watchlist.`;
      },
      (text) => setItemRefusal({ key, text }),
    );
  }

  const asinErrorId = `${id}-asin-error`;
  return (
    <section className="card watchlist" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Watchlist</h2>
      <p className="seller-muted">
        Every ASIN here gets a rank snapshot each night, so its history builds up even without an alert.
      </p>

      {watchlist.status === "loading" && (
        <p className="seller-muted" role="status">
          Loading your watchlist...
        </p>
      )}
      {watchlist.status === "error" && <LoadFailed message={watchlist.message ?? LOAD_FAILED} onRetry={reload} />}
      {watchlist.status === "success" &&
        (watchlist.data.items.length === 0 ? (
          <p>No ASINs on your watchlist yet.</p>
        ) : (
          <ul className="watchlist__list">
            {watchlist.data.items.map((item) => (
              <li key={itemKey(item)} className="watchlist__item">
                <span>
                  <strong>{item.asin}</strong> ({item.marketplace})
                  <span className="seller-muted"> · added {formatUtc(item.addedAt)}</span>
                  {item.paused && (
                    <span className="seller-muted">
                      {" "}
                      · <span className="badge badge--muted">Not tracked: plan limit</span> <Link to="/billing">Upgrade to resume</Link>
                    </span>
                  )}
                </span>
                {!readOnly && (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={busy}
                    aria-label={`Remove ${item.asin} (${item.marketplace})`}
                    onClick={() => remove(item)}
                  >
                    Remove
                  </button>
                )}
                {itemRefusal?.key === itemKey(item) && <LimitMessage className="field-error refusal" text={itemRefusal.text} />}
              </li>
            ))}
          </ul>
        ))}

      {!readOnly && (
        <form className="catalog__form" onSubmit={add} noValidate aria-label="Add to watchlist">
          <AsinField
            id={`${id}-asin`}
            value={asin}
            onValueChange={(value, pastedMarketplace) => {
              setAsin(value);
              if (pastedMarketplace) setMarketplace(pastedMarketplace);
            }}
            aria-invalid={asinError !== null}
            aria-describedby={asinError === null ? undefined : asinErrorId}
          />
          <MarketplaceSelect label="Marketplace" options={LOOKUP_MARKETPLACES} value={marketplace} onChange={setMarketplace} />
          <button type="submit" className="button button--primary catalog__submit" disabled={busy}>
            Add to watchlist
          </button>
        </form>
      )}
      {asinError !== null && (
        <p id={asinErrorId} className="field-error">
          {asinError}
        </p>
      )}
      {/* Always in the page, so screen readers announce the text when it appears. */}
      <p className="watchlist__status" role="status">
        {outcome?.kind === "status" ? outcome.text : ""}
      </p>
      {outcome?.kind === "error" && <LimitMessage text={outcome.text} />}
    </section>
  );
}

function itemKey({ asin, marketplace }: Pick<WatchlistEntry, "asin" | "marketplace">): string {
  return `${marketplace}-${asin}`;
}
