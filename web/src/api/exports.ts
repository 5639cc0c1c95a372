import { readRateLimit } from "@contract/rate-limit-fields";
import { apiFetch } from "./http";

export type ExportFormat = "csv" | "pdf";

/** The file name a Content-Disposition header gives, or `fallback`. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? fallback;
}

/** A delivered export: its file name and, on a plan with a daily cap, what is left of it. */
export interface ExportDownload {
  name: string;
  quota: { limit: number; remaining: number } | null;
}

/** The export's daily limit, when the plan has one (its `"day"` policy). */
function quotaOf(headers: Headers): ExportDownload["quota"] {
  const day = readRateLimit(headers, "day");
  return day && { limit: day.limit, remaining: day.remaining };
}

/**
 * Fetches GET /api/exports/<dataset>?format=…&… and hands the file to the browser as a
 * download. `onProgress` gets the bytes received so far (exports are built whole on the
 * server, so the size is known only when it says). Throws ApiError on a refusal.
 */
export async function downloadExport(
  dataset: string,
  format: ExportFormat,
  params: Record<string, string>,
  onProgress?: (received: number, total: number | null) => void,
): Promise<ExportDownload> {
  const query = new URLSearchParams({ ...params, format });
  const response = await apiFetch(`/api/exports/${dataset}?${query}`, { headers: { Accept: format === "csv" ? "text/csv" : "application/pdf" } });
  const total = Number(response.headers.get("Content-Length")) || null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress?.(received, total);
    }
  }
  const blob = new Blob(chunks as BlobPart[], { type: response.headers.get("Content-Type") ?? "application/octet-stream" });
  const name = attachmentName(response.headers.get("Content-Disposition"), `ranklayer-${dataset}.${format}`);
  saveFile(blob, name);
  return { name, quota: quotaOf(response.headers) };
}

/**
 * GET /api/account/export, handed to the browser as a download: fetched rather than linked, so a
 * refusal (its hourly limit, a session that ended) is shown on the page, not saved as the file.
 */
export async function downloadAccountExport(): Promise<void> {
  const response = await apiFetch("/api/account/export");
  saveFile(await response.blob(), attachmentName(response.headers.get("Content-Disposition"), "ranklayer-account.json"));
}

function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
