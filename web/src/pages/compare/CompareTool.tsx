import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { Link } from "../../components/Link";
import { parseAsinList } from "@contract/asin-list";
import type { ComparePlan, CompareResponse } from "@contract/compare";
import type { Marketplace } from "@contract/marketplaces";
import { FREE_PLAN } from "@contract/plans";
import { errorMessage, liftedByPlan } from "../../api/api-error";
import { fetchCompare, fetchComparePlan } from "../../api/compare";
import { startRequest } from "../../api/start-request";
import { MemberExportButtons } from "../../components/MemberExportButtons";
import { useSession } from "../../state/session";
import { CompareForm } from "./CompareForm";
import { CompareTable } from "./CompareTable";
import { compareSearch, exportParams, readCompareSearch, sortItems, type SortDirection, type SortKey } from "./compare-view";
import "../../styles/compare.css";

// uPlot comes with the history chart, which only Pro sees.
const CompareHistory = lazy(async () => ({ default: (await import("./CompareHistory")).CompareHistory }));
const MarketplaceBreakdown = lazy(async () => ({ default: (await import("./MarketplaceBreakdown")).MarketplaceBreakdown }));

/** What the page assumes until the server names the caller's plan: the Free plan. */
const FREE_COMPARE: ComparePlan = {
  plan: "free",
  planName: FREE_PLAN.name,
  compareLimit: FREE_PLAN.compareLimit ?? 5,
  marketplaces: [...FREE_PLAN.marketplaces],
  historyDays: FREE_PLAN.historyDays,
  exportsPerDay: FREE_PLAN.exportsPerDay,
};

type Result =
  | { status: "idle" }
  | { status: "loading"; count: number }
  | { status: "error"; message: string; upgrade: boolean }
  | { status: "success"; data: CompareResponse };

const SORTS: { key: SortKey; label: string }[] = [
  { key: "input", label: "As entered" },
  { key: "rank", label: "Rank" },
  { key: "price", label: "Price" },
];

/**
 * The compare tool: the URL (?asins=…&marketplace=…) is the compare, so a shared link
 * reproduces it; Compare and Remove change the URL, and the table follows it.
 */
export function CompareTool() {
  const [params, setParams] = useSearchParams();
  const shared = useMemo(() => readCompareSearch(params), [params]);
  const asinsKey = shared.asins.join(",");
  const { user } = useSession();
  const [plan, setPlan] = useState<ComparePlan>(FREE_COMPARE);
  const [text, setText] = useState(shared.asins.join("\n"));
  const [marketplace, setMarketplace] = useState<Marketplace>(shared.marketplace);
  const [result, setResult] = useState<Result>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({ key: "input", direction: "asc" });
  const held = useRef<CompareResponse | null>(null);

  // Signed in, a plan that could not be read (a slow or failing network) is not taken for Free:
  // the form then holds back only what no plan allows, and a compare's answer names the plan's limit.
  const [planKnown, setPlanKnown] = useState(true);
  useEffect(
    () =>
      startRequest(
        fetchComparePlan,
        (read) => {
          setPlan(read);
          setPlanKnown(true);
        },
        () => {
          setPlan(FREE_COMPARE);
          setPlanKnown(user?.authenticated !== true);
        },
      ),
    [user],
  );

  useEffect(() => {
    // A URL changed from outside (back, a shared link) puts its ASINs in the field.
    setText((current) => (parseAsinList(current).asins.join(",") === asinsKey ? current : asinsKey.split(",").join("\n")));
    setMarketplace(shared.marketplace);
    if (asinsKey === "") {
      setResult({ status: "idle" });
      return;
    }
    const asins = asinsKey.split(",");
    // Removing a column needs no new call: the answer for the rest is already here.
    const have = held.current;
    if (have && have.marketplace === shared.marketplace && asins.every((asin) => have.items.some((item) => item.asin === asin))) {
      setResult({ status: "success", data: { ...have, items: asins.map((asin) => have.items.find((item) => item.asin === asin)!) } });
      return;
    }
    setResult({ status: "loading", count: asins.length });
    return startRequest(
      (signal) => fetchCompare(asins, shared.marketplace, signal),
      (data) => {
        held.current = data;
        setResult({ status: "success", data });
      },
      (error) =>
        setResult({
          status: "error",
          message: errorMessage(error, "The compare failed. Please try again."),
          upgrade: liftedByPlan(error),
        }),
    );
  }, [asinsKey, shared.marketplace, attempt]);

  function compare(asins: string[], code: Marketplace) {
    held.current = null;
    const search = compareSearch(asins, code);
    if (`?${params}` === search) setAttempt((n) => n + 1);
    else setParams(new URLSearchParams(search.slice(1)));
  }

  function remove(asin: string) {
    const rest = shared.asins.filter((a) => a !== asin);
    setParams(rest.length > 0 ? new URLSearchParams(compareSearch(rest, shared.marketplace).slice(1)) : new URLSearchParams());
  }

  const items = result.status === "success" ? sortItems(result.data.items, sort.key, sort.direction) : [];
  const found = items.filter((item) => item.ok).map((item) => item.asin);
  const mock = items.some((item) => item.ok && item.product.source === "mock");

  return (
    <section className="compare-tool" aria-labelledby="compare-tool-heading">
      <h2 id="compare-tool-heading" className="visually-hidden">
        Compare tool
      </h2>
      <CompareForm
        plan={plan}
        text={text}
        onTextChange={setText}
        marketplace={marketplace}
        onMarketplaceChange={setMarketplace}
        onCompare={compare}
        busy={result.status === "loading"}
        planKnown={planKnown}
      />
      {shared.notes.length > 0 && (
        <p className="field-error compare-tool__status" role="status">
          {shared.notes.join(" ")}
        </p>
      )}
      {result.status === "loading" && (
        <p className="compare-tool__status" role="status">
          Comparing {result.count} products…
        </p>
      )}
      {result.status === "error" && (
        <p className="field-error compare-tool__status" role="alert">
          {result.message} {result.upgrade && <Link to="/pricing">See Pro pricing</Link>}
        </p>
      )}
      {result.status === "success" && (
        <div className="compare-results">
          <div className="compare-results__toolbar">
            <div className="compare-results__sort" role="group" aria-label="Sort products">
              <span>Sort by</span>
              {SORTS.map(({ key, label }) => (
                <button
                  key={key}
                  type="button"
                  className="button button--secondary button--small"
                  aria-pressed={sort.key === key}
                  onClick={() =>
                    setSort((s) => ({ key, direction: s.key === key && s.direction === "asc" && key !== "input" ? "desc" : "asc" }))
                  }
                >
                  {label}
                  {sort.key === key && key !== "input" && (sort.direction === "asc" ? " ↑" : " ↓")}
                </button>
              ))}
            </div>
            {/* The file lists the products in the order the table shows them (the export keeps the order asked);
                the compare's receipt spares the lookups it already paid for. */}
            <MemberExportButtons signedIn={user?.authenticated === true} dataset="compare" what="compare" params={exportParams(items, shared.marketplace, result.status === "success" ? result.data.exportReceipt : undefined)} />
          </div>
          {mock && (
            <p className="compare-results__mock">
              <span className="badge badge--mock">Mock Data</span> Products marked Mock Data show sample values, not Amazon&apos;s live data.
            </p>
          )}
          <CompareTable items={items} onRemove={remove} />
          {plan.plan === "free" ? (
            planKnown && (
              <p className="compare-results__note">
                Rank history of every product in one chart comes with Pro. <Link to="/pricing">See Pro pricing</Link>
              </p>
            )
          ) : (
            found.length > 0 && (
              <Suspense fallback={<p role="status">Loading the chart…</p>}>
                <CompareHistory asins={found} marketplace={result.data.marketplace} historyDays={plan.historyDays} />
                {plan.marketplaces.length > 1 && <MarketplaceBreakdown asins={found} marketplaces={plan.marketplaces} />}
              </Suspense>
            )
          )}
        </div>
      )}
    </section>
  );
}
