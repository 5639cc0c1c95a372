import { useId } from "react";
import { useSearchParams } from "react-router-dom";
import type { ConnectionList, ConnectionView } from "@contract/connections";
import { fetchConnections } from "../api/connections";
import { useResource, type Resource } from "../api/use-resource";

/** The workspace's seller accounts, asked for once by a page for its ConnectionPicker and whatever else on it names one. */
export function useConnectionList(): Resource<ConnectionList> {
  return useResource(fetchConnections)[0];
}

/**
 * "Seller account: All / Acme US / Acme EU": the `?connection=` filter of Seller Central, the
 * dashboard, the alerts and the portfolio. Shown only when the workspace has two or more.
 */
export function ConnectionPicker({ label = "Seller account", connections }: { label?: string; connections: Resource<ConnectionList> }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  if (connections.status !== "success" || connections.data.connections.length < 2) return null;
  const value = params.get("connection") ?? "";
  const choose = (next: string) => {
    const updated = new URLSearchParams(params);
    if (next) updated.set("connection", next);
    else updated.delete("connection");
    setParams(updated, { replace: true });
  };
  return <ConnectionSelect id={id} className="field connection-picker" label={label} value={value} connections={connections.data.connections} onChange={choose} />;
}

interface ConnectionSelectProps {
  id: string;
  className: string;
  label: string;
  /** The first option, the empty value: every seller account. */
  anyText?: string;
  value: string;
  connections: readonly ConnectionView[];
  onChange: (connectionId: string) => void;
}

/** A labelled select of the workspace's seller accounts, "" meaning all of them. */
export function ConnectionSelect({ id, className, label, anyText = "All seller accounts", value, connections, onChange }: ConnectionSelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{anyText}</option>
        {connections.map((connection) => (
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
