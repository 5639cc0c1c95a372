import { useCallback, useEffect, useState } from "react";
import type { ConnectionStatus, SettingsUpdate } from "@contract/account";
import { errorMessage } from "../../api/api-error";
import { fetchSettings, saveSettings } from "../../api/account";
import { startRequest } from "../../api/start-request";
import { useEditCount } from "./edit-count";

const LOAD_FAILED = "Failed to load your settings. Please try again.";
const SAVE_FAILED = "Failed to save settings. Please try again.";

export interface LoadedSettings {
  connection: ConnectionStatus;
  /** The Notifications and Data Refresh values as being edited; saved only by saveDraft. */
  draft: SettingsUpdate;
}

export type LoadState = { status: "loading" } | { status: "error"; message: string } | ({ status: "ready" } & LoadedSettings);

export type SaveState = { status: "idle" } | { status: "saving" } | { status: "saved" } | { status: "error"; message: string };

export interface SellerSettings {
  load: LoadState;
  save: SaveState;
  change: (draft: SettingsUpdate) => void;
  /** PUTs the whole draft; on failure the draft stays as the user left it. */
  saveDraft: () => Promise<void>;
  /** Reloads the connection (after a disconnect) without touching unsaved edits. */
  reloadConnection: () => Promise<void>;
  retryLoad: () => void;
}

/** GET /api/settings on mount; edits stay local until saved with PUT /api/settings. */
export function useSellerSettings(): SellerSettings {
  const [load, setLoad] = useState<LoadState>({ status: "loading" });
  const [save, setSave] = useState<SaveState>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  const edits = useEditCount();

  useEffect(() => {
    setLoad({ status: "loading" });
    return startRequest(
      fetchSettings,
      ({ notifications, dataRefresh, connection }) => setLoad({ status: "ready", connection, draft: { notifications, dataRefresh } }),
      (error) => {
        console.error("Settings could not be loaded", error);
        setLoad({ status: "error", message: errorMessage(error, LOAD_FAILED) });
      },
    );
  }, [attempt]);

  const change = useCallback((draft: SettingsUpdate) => {
    edits.edited();
    setLoad((current) => (current.status === "ready" ? { ...current, draft } : current));
    setSave({ status: "idle" });
  }, [edits]);

  const saveDraft = useCallback(async () => {
    if (load.status !== "ready") return;
    setSave({ status: "saving" });
    const editedSinceSave = edits.mark();
    try {
      const { notifications, dataRefresh, connection } = await saveSettings(load.draft);
      // Changed since the save left: kept as changed, and unsaved (no "Settings saved.").
      const editedSince = editedSinceSave();
      setLoad((current) => ({
        status: "ready",
        connection,
        draft: editedSince && current.status === "ready" ? current.draft : { notifications, dataRefresh },
      }));
      setSave({ status: editedSince ? "idle" : "saved" });
    } catch (error) {
      console.error("Settings could not be saved", error);
      setSave({ status: "error", message: errorMessage(error, SAVE_FAILED) });
    }
  }, [load, edits]);

  const reloadConnection = useCallback(async () => {
    const { connection } = await fetchSettings();
    setLoad((current) => (current.status === "ready" ? { ...current, connection } : current));
  }, []);

  const retryLoad = useCallback(() => setAttempt((count) => count + 1), []);

  return { load, save, change, saveDraft, reloadConnection, retryLoad };
}
