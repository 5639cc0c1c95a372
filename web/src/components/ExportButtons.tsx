import { useRef, useState } from "react";
import { Link } from "react-router-dom";
import { ApiError, errorMessage, liftedByPlan } from "../api/api-error";
import { downloadExport, type ExportFormat } from "../api/exports";
import "../styles/exports.css";

interface ExportButtonsProps {
  /** The dataset of GET /api/exports/<dataset>. */
  dataset: string;
  params: Record<string, string>;
  /** What is exported, for the buttons' accessible names ("Export compare as CSV"). */
  what: string;
  disabled?: boolean;
}

type State = { status: "idle" } | { status: "busy"; format: ExportFormat; received: number } | { status: "done"; name: string } | { status: "error"; message: string; quota: boolean };

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} kB`;

/**
 * CSV and PDF download buttons for one view. One export at a time: while a file is being
 * prepared both buttons are disabled (a double click cannot start a second) and the progress
 * is announced; a refusal (the Free daily quota) says why, with the way to Pro.
 */
export function ExportButtons({ dataset, params, what, disabled = false }: ExportButtonsProps) {
  const [state, setState] = useState<State>({ status: "idle" });
  const running = useRef(false);

  async function start(format: ExportFormat) {
    if (running.current) return;
    running.current = true;
    setState({ status: "busy", format, received: 0 });
    try {
      const name = await downloadExport(dataset, format, params, (received) => setState({ status: "busy", format, received }));
      setState({ status: "done", name });
    } catch (error) {
      setState({
        status: "error",
        message: errorMessage(error, "The export failed. Please try again."),
        // The daily quota, which Pro lifts; not the per-minute lookup limit a compare export can meet, which waiting lifts.
        quota: error instanceof ApiError && error.status === 429 && liftedByPlan(error),
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
        {state.status === "done" && `Downloaded ${state.name}`}
      </p>
      {state.status === "error" && (
        <p className="field-error" role="alert">
          {state.message} {state.quota && <Link to="/pricing">See Pro pricing</Link>}
        </p>
      )}
    </div>
  );
}
