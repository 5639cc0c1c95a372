import { useEffect, useState } from "react";
import { Link } from "../../components/Link";
import { fetchApiKeys } from "../../api/api-keys";
import { fetchApiDocument } from "../../api/openapi";
import { useResource } from "../../api/use-resource";
import { LoadFailed } from "../../components/LoadFailed";
import { PageHero, TitledSection } from "../../components/PageSections";
import { useSession } from "../../state/session";
import { PLANS, PRO_PLAN } from "@contract/plans";
import { formatCount } from "../../lib/format";
import { KEY_PLACEHOLDER, operationAnchor, operationsByTag } from "./examples";
import { OperationCard } from "./OperationCard";
import "../../styles/docs.css";

/** The plans with API access, each with its hourly requests: a key's allowance is its account's plan's. */
const KEY_PLANS = PLANS.filter((plan) => plan.apiRequestsPerHour !== null);
const KEY_PLAN_NAMES = KEY_PLANS.map((plan) => plan.name).join(", ").replace(/, ([^,]+)$/, " and $1");
const KEY_ALLOWANCES = KEY_PLANS.map((plan) => `${plan.name} ${formatCount(plan.apiRequestsPerHour!)}`).join(", ");

/** Whether the visitor is signed in on a plan with API access: then every operation gets "Try it". */
function useCanTry(): boolean {
  const { user } = useSession();
  const [canTry, setCanTry] = useState(false);
  useEffect(() => {
    if (!user?.authenticated) return setCanTry(false);
    const controller = new AbortController();
    fetchApiKeys(controller.signal)
      .then((list) => setCanTry(list.requestsPerHour !== null))
      .catch(() => setCanTry(false));
    return () => controller.abort();
  }, [user?.authenticated]);
  return canTry;
}

/** /docs/api: the API reference, rendered from /api/openapi.json so it is never out of date. */
export function ApiDocsPage() {
  const [document, reload] = useResource(fetchApiDocument);
  const canTry = useCanTry();
  const origin = window.location.origin;
  return (
    <div className="container docs">
      <PageHero title="RankLayer API">
        Rank, price and offers by ASIN, rank history, your watchlist, alerts and notifications, as JSON. The machine-readable
        OpenAPI 3.1 document is at <a href="/api/openapi.json">/api/openapi.json</a>.
      </PageHero>

      <TitledSection id="docs-auth" title="Authentication" className="section">
        <p>
          Create a key in <Link to="/settings">Settings → API Access</Link> ({KEY_PLAN_NAMES} plans) and send it on
          every request: <code>Authorization: Bearer {KEY_PLACEHOLDER}</code>. Key requests need no cookie and no XSRF token.
          A wrong or revoked key answers <code>401</code> with <code>WWW-Authenticate: Bearer</code>; a key of an account
          without API access answers <code>403</code>.
        </p>
      </TitledSection>

      <TitledSection id="docs-limits" title="Rate limits" className="section">
        <p>
          {KEY_ALLOWANCES} requests per clock hour (UTC) per account, by its plan, across all its keys. Every key
          answer carries <code>RateLimit-Policy: "hour";q=1000;w=3600</code> and <code>RateLimit: "hour";r=998;t=1800</code>{" "}
          (the IETF draft's fields: the hour's quota, then what is left of it and the seconds until it resets). Past the
          limit you get <code>429</code> with <code>Retry-After</code> in seconds.
        </p>
      </TitledSection>

      <TitledSection id="docs-conventions" title="Lists and errors" className="section">
        <p>
          Lists take <code>?limit=</code> (1–1000; without it, the whole list; a notifications page holds at most 50) and{" "}
          <code>?cursor=</code>, and answer{" "}
          <code>next_cursor</code>: pass it back for the next page; it is <code>null</code> on the last. Every error is{" "}
          <code>{"{\"detail\": \"…\", \"code\": \"…\"}"}</code> (<code>code</code> stable for programs); bad input is <code>422</code> with a list of{" "}
          <code>{"{loc, msg, type}"}</code>.
        </p>
      </TitledSection>

      {document.status === "loading" && (
        <p className="docs-muted" role="status">
          Loading the API reference...
        </p>
      )}
      {document.status === "error" && (
        <LoadFailed message={document.message ?? "The API reference could not be loaded."} onRetry={reload} />
      )}
      {document.status === "success" && (
        <>
          <nav aria-label="Operations" className="docs-toc">
            <h2>Operations</h2>
            <ul>
              {operationsByTag(document.data).flatMap(([, refs]) =>
                refs.map((ref) => (
                  <li key={operationAnchor(ref)}>
                    <a href={`#${operationAnchor(ref)}`}>
                      <code>
                        {ref.method.toUpperCase()} /api{ref.path}
                      </code>
                    </a>
                  </li>
                )),
              )}
            </ul>
          </nav>
          {canTry ? null : (
            <p className="docs-muted">
              Signed in on the {PRO_PLAN.name} plan, you can try every operation from this page.
            </p>
          )}
          {operationsByTag(document.data).map(([tag, refs]) => (
            <TitledSection key={tag} id={`tag-${tag.toLowerCase()}`} title={tag} className="section">
              {refs.map((ref) => (
                <OperationCard key={operationAnchor(ref)} refOp={ref} origin={origin} canTry={canTry} />
              ))}
            </TitledSection>
          ))}
        </>
      )}
    </div>
  );
}
