import type { ExportDataset } from "../dataset";
import { alertsExport } from "./alerts";
import { compareExport } from "./compare";
import { historyExport } from "./history";
import { portfolioExport } from "./portfolio";

/** Every dataset GET /api/exports/<name> serves; a new one is one more entry here. */
export const EXPORT_DATASETS: Record<string, ExportDataset> = {
  compare: compareExport,
  history: historyExport,
  alerts: alertsExport,
  portfolio: portfolioExport,
};
