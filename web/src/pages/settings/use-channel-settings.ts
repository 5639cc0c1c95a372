import { useCallback, useEffect, useState } from "react";
import { type ChannelSettings, channelsUpdateSchema, type WebhookTestResult } from "@contract/channels";
import { errorMessage } from "../../api/api-error";
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from "../../api/field-errors";
import { fetchChannels, generateWebhookSecret, saveChannels, sendWebhookTest } from "../../api/channels";
import { startRequest } from "../../api/start-request";
import { useEditCount } from "./edit-count";
import type { SaveState } from "./use-seller-settings";

const LOAD_FAILED = "Failed to load your alert channels. Please try again.";
const SAVE_FAILED = "Failed to save your alert channels. Please try again.";
const SECRET_FAILED = "Failed to generate a secret. Please try again.";
const TEST_FAILED = "Failed to send the test. Please try again.";

const CHANNEL_FIELDS = ["alertEmail", "webhookUrl"] as const;
export type ChannelField = (typeof CHANNEL_FIELDS)[number];
export type ChannelDraft = Record<ChannelField, string>;

export type ChannelLoad =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "ready"; saved: ChannelSettings; draft: ChannelDraft };

/** A one-off action: generating a secret (shown once) or sending a test. */
export type ActionState<T> = { status: "idle" } | { status: "busy" } | { status: "done"; value: T } | { status: "error"; message: string };

export interface ChannelSettingsState {
  load: ChannelLoad;
  save: SaveState;
  fieldErrors: FieldErrors<ChannelField>;
  secret: ActionState<string>;
  test: ActionState<WebhookTestResult>;
  change: (field: ChannelField, value: string) => void;
  /** Checks the draft with the shared schema, then PUTs it; invalid fields are marked instead. */
  saveDraft: () => Promise<void>;
  generateSecret: () => Promise<void>;
  sendTest: () => Promise<void>;
  retryLoad: () => void;
}

function draftOf(saved: ChannelSettings): ChannelDraft {
  return { alertEmail: saved.alertEmail ?? "", webhookUrl: saved.webhookUrl ?? "" };
}

/** GET /api/settings/channels on mount; the page keeps the draft across tabs until it is saved. */
export function useChannelSettings(): ChannelSettingsState {
  const [load, setLoad] = useState<ChannelLoad>({ status: "loading" });
  const [save, setSave] = useState<SaveState>({ status: "idle" });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<ChannelField>>({});
  const [secret, setSecret] = useState<ActionState<string>>({ status: "idle" });
  const [test, setTest] = useState<ActionState<WebhookTestResult>>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  const edits = useEditCount();

  useEffect(() => {
    setLoad({ status: "loading" });
    return startRequest(
      fetchChannels,
      (saved) => setLoad({ status: "ready", saved, draft: draftOf(saved) }),
      (error) => {
        console.error("Alert channels could not be loaded", error);
        setLoad({ status: "error", message: errorMessage(error, LOAD_FAILED) });
      },
    );
  }, [attempt]);

  const change = useCallback((field: ChannelField, value: string) => {
    edits.edited();
    setLoad((current) => (current.status === "ready" ? { ...current, draft: { ...current.draft, [field]: value } } : current));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setSave({ status: "idle" });
  }, [edits]);

  const saveDraft = useCallback(async () => {
    if (load.status !== "ready") return;
    const checked = channelsUpdateSchema.safeParse(load.draft);
    if (!checked.success) {
      setFieldErrors(fieldErrorsOf(checked.error, CHANNEL_FIELDS));
      return;
    }
    setSave({ status: "saving" });
    const editedSinceSave = edits.mark();
    try {
      const saved = await saveChannels(load.draft);
      // Typed since the save left: kept as typed, and unsaved (no "Channels saved.").
      const editedSince = editedSinceSave();
      setLoad((current) => ({ status: "ready", saved, draft: editedSince && current.status === "ready" ? current.draft : draftOf(saved) }));
      setFieldErrors({});
      setSave({ status: editedSince ? "idle" : "saved" });
    } catch (error) {
      console.error("Alert channels could not be saved", error);
      setFieldErrors(serverFieldErrors(error, CHANNEL_FIELDS));
      setSave({ status: "error", message: errorMessage(error, SAVE_FAILED) });
    }
  }, [load, edits]);

  const generateSecret = useCallback(async () => {
    setSecret({ status: "busy" });
    try {
      const value = await generateWebhookSecret();
      setSecret({ status: "done", value });
      setLoad((current) => (current.status === "ready" ? { ...current, saved: { ...current.saved, webhookSecretSet: true } } : current));
    } catch (error) {
      setSecret({ status: "error", message: errorMessage(error, SECRET_FAILED) });
    }
  }, []);

  const sendTest = useCallback(async () => {
    setTest({ status: "busy" });
    try {
      setTest({ status: "done", value: await sendWebhookTest() });
    } catch (error) {
      setTest({ status: "error", message: errorMessage(error, TEST_FAILED) });
    }
  }, []);

  const retryLoad = useCallback(() => setAttempt((count) => count + 1), []);

  return { load, save, fieldErrors, secret, test, change, saveDraft, generateSecret, sendTest, retryLoad };
}
