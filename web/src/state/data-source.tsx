import { createContext, use, useState, type ReactNode } from "react";
import type { DataSource } from "@contract/product";

interface DataSourceState {
  /** Where the shown lookup's data came from; null until a lookup succeeds, and again once its page is left. */
  source: DataSource | null;
  setSource: (source: DataSource | null) => void;
}

const DataSourceContext = createContext<DataSourceState | null>(null);

/** Shares the last lookup's data source between the results page and the footer badge. */
export function DataSourceProvider({ children }: { children: ReactNode }) {
  const [source, setSource] = useState<DataSource | null>(null);
  return <DataSourceContext value={{ source, setSource }}>{children}</DataSourceContext>;
}

export function useDataSource(): DataSourceState {
  const state = use(DataSourceContext);
  if (state === null) throw new Error("useDataSource must be used inside <DataSourceProvider>");
  return state;
}
