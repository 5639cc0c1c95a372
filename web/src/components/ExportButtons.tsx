import { useRef, useState } from "react";
import { Link } from "./Link";
import { errorMessage, liftedByPlan } from "../api/api-error";
import { downloadExport, type ExportDownload, type ExportFormat } from "../api/exports";
import "../styles/exports.css";

interface ExportButtonsProps {
  /** The dataset of GET /api/exports/<dataset>. */
  dataset: string;
  params: Record<string, string>;
  /** What is exported, for the buttons' accessible names ("Export compare as CSV"). */
  what: string;
  disabled?: boolean;
}

type State = { status: "idle" } | { status: "busy"; format: ExportFormat; received: number } | { status: "done"; download: ExportDownload } | { status: "error"; message: string; upgrade: boolean };

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/** The file's name and, on a plan with a daily cap, how many exports today leaves (before the 429 says so). */
const doneText = ({ name, quota }: ExportDownload) =>
  quota ? `Downloaded ${name}. ${quota.remaining} of ${quota.limit} exports left today (UTC).` : `Downloaded ${name}`;

/**
 * CSV and PDF download buttons for one view. One export at a time: while a file is being
 * prepared both buttons are disabled (a double click cannot start a second) and the progress
 * is announced; a refusal says why, with the way to Pro when Pro lifts it.
 */
export function ExportButtons({ dataset, params, what, disabled = false }: ExportButtonsProps) {
  const [state, setState] = useState<State>({ status: "idle" });
  const running = useRef(false);

  async function start(format: ExportFormat) {
    if (running.current) return;
    running.current = true;
    setState({ status: "busy", format, received: 0 });
    try {
      const download = await downloadExport(dataset, format, params, (received) => setState({ status: "busy", format, received }));
      setState({ status: "done", download });
    } catch (error) {
      setState({
        status: "error",
        message: errorMessage(error, "The export failed. Please try again."),
        // The way to Pro where Pro lifts the refusal: a plan limit, the daily exports, the month's lookups; not a per-minute limit.
        upgrade: liftedByPlan(error),
      });
    } finally {
      running.current = false;
    }
  }

  const busy = state.status === "busy";
  return (
    <div className="export-buttons">
      <span className="export-buttons__label" aria-hidden="true">
        Export
      </span>
      {(["csv", "pdf"] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button button--secondary button--small"
          disabled={disabled || busy}
          aria-busy={busy && state.format === format}
          onClick={() => void start(format)}
        >
          {/* The visible text is the end of the accessible name: "Export compare as CSV". */}
          <span className="visually-hidden">Export {what} as </span>
          {format.toUpperCase()}
          {busy && state.format === format && <span aria-hidden="true">…</span>}
        </button>
      ))}
      <p className="export-buttons__status" role="status" aria-live="polite">
        {state.status === "busy" && (state.received > 0 ? `Downloading… ${kilobytes(state.received)}` : "Preparing the file…")}
        {state.status === "done" && doneText(state.download)}
      </p>
      {state.status === "error" && (
        <p className="field-error refusal" role="alert">
          {state.message} {state.upgrade && <Link to="/pricing">See Pro pricing</Link>}
        </p>
      )}
    </div>
  );
}
