import { useId } from "react";
import { useSearchParams } from "react-router-dom";
import { fetchConnections } from "../api/connections";
import { useResource } from "../api/use-resource";

/**
 * "Seller account: All / Acme US / Acme EU": the `?connection=` filter of Seller Central, the
 * dashboard, the alerts and the portfolio. Shown only when the workspace has two or more.
 */
export function ConnectionPicker({ label = "Seller account" }: { label?: string }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [connections] = useResource(fetchConnections);
  if (connections.status !== "success" || connections.data.connections.length < 2) return null;
  const value = params.get("connection") ?? "";
  const choose = (next: string) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set("connection", next);
    else updated.delete("connection");
    setParams(updated, { replace: true });
  };
  return (
    <div className="field connection-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => choose(event.target.value)}>
        <option value="">All seller accounts</option>
        {connections.data.connections.map((connection) => (
          <option key={connection.id} value={connection.id}>
            {connection.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The `?connection=` filter of the current URL, or undefined for all. */
export function useConnectionParam(): string | undefined {
  const [params] = useSearchParams();
  return params.get("connection") || undefined;
}
