import { useCallback, useState } from "react";
import { createApiKey, fetchApiKeys, revokeApiKey, rotateApiKey } from "../../api/api-keys";
import { errorMessage } from "../../api/api-error";
import { useResource } from "../../api/use-resource";
import type { CreatedApiKey } from "@contract/api-keys";
import { useRecentSignIn } from "../../components/use-recent-sign-in";

/** `keyId`: the key a refused rotate or revoke was for (its row shows why); null for a refused create. */
export type KeyAction = { status: "idle" } | { status: "busy" } | { status: "error"; message: string; keyId: string | null };

/** The keys list, and create/rotate/revoke with the one-time display of a new key. */
export function useApiKeys() {
  const [keys, reload] = useResource(fetchApiKeys);
  const [action, setAction] = useState<KeyAction>({ status: "idle" });
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { guard, dialog } = useRecentSignIn();

  const run = useCallback(
    async (work: () => Promise<CreatedApiKey | void>, keyId: string | null = null) => {
      setAction({ status: "busy" });
      try {
        const result = await guard(work);
        if (result) setCreated(result);
        setAction({ status: "idle" });
        reload();
        return true;
      } catch (error) {
        setAction({ status: "error", message: errorMessage(error) ?? "That did not work. Please try again.", keyId });
        return false;
      }
    },
    [reload, guard],
  );

  return {
    keys,
    reload,
    /** "Confirm it's you", while a create or rotate waits for it. */
    reverifyDialog: dialog,
    action,
    created,
    dismissCreated: () => setCreated(null),
    create: (name: string) => run(() => createApiKey(name)),
    rotate: (id: string) => run(() => rotateApiKey(id), id),
    revoke: (id: string) => run(() => revokeApiKey(id), id),
  };
}
