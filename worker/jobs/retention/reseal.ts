import { decryptRefreshToken, encryptRefreshToken, keyringOf, type EncryptionKey } from "../../auth/token-crypto";
import type { Deployment } from "../../config";
import { replaceConnectionCiphertext, tokensSealedOtherwise } from "../../connections/connection-store";
import { channelValuesSealedOtherwise, replaceChannelValue, type SealedChannelColumn } from "../../notifications/channel-store";

/**
 * Key rotation, finished at night. TOKEN_ENCRYPTION_KEYS lists the newest key first; a value sealed
 * under an older one still opens, and a refresh token moves to the newest key when it is next used.
 * An idle connection, a webhook URL or a signing secret may never be used, so the old key could
 * never be dropped. Each night this looks at up to RESEAL_BATCH values of each kind sealed under an
 * older key and seals them again under the newest; the retention summary the cron logs says how many
 * moved and how many no key opens. A night that moves none and finds none unreadable means the old
 * keys can go.
 */
export const RESEAL_BATCH = 500;
const PAGE = 50;

export interface ResealSummary {
  resealed: number;
  /** Values no listed key opens (a key dropped too early, a damaged row): left as they are, logged. */
  unreadable: number;
}

/** One kind of sealed value: where the ones under older keys are, and the guarded write of a new ciphertext. */
interface SealedKind {
  name: string;
  read(afterId: string, limit: number): Promise<{ rowId: string; ciphertext: string }[]>;
  write(rowId: string, from: string, to: string): Promise<boolean>;
}

/** The protected header segment every value sealed under `keys[0]` starts with. */
async function newestHeader(keys: EncryptionKey[]): Promise<string> {
  return (await encryptRefreshToken(keys, "header", "header")).ciphertext.split(".")[0]!;
}

function channelKind(db: D1Database, name: string, column: SealedChannelColumn, header: string): SealedKind {
  return {
    name,
    read: (afterId, limit) => channelValuesSealedOtherwise(db, column, header, afterId, limit),
    write: (rowId, from, to) => replaceChannelValue(db, column, rowId, from, to),
  };
}

/** Moves values sealed under older keys to the newest one, up to `batch` of each kind. */
export async function resealUnderNewestKey({ env, config }: Deployment, batch = RESEAL_BATCH): Promise<ResealSummary> {
  const summary: ResealSummary = { resealed: 0, unreadable: 0 };
  let keys: EncryptionKey[];
  try {
    keys = keyringOf(config);
  } catch {
    return summary;
  }
  // With one key listed, every value that opens at all is under it already.
  if (keys.length < 2) return summary;
  const header = await newestHeader(keys);
  const newest = keys[0]!.id;
  const kinds: SealedKind[] = [
    channelKind(env.DB, "webhook URL", "webhookUrlCiphertext", header),
    channelKind(env.DB, "webhook signing secret", "webhookSecretCiphertext", header),
    {
      name: "refresh token",
      read: (afterId, limit) => tokensSealedOtherwise(env.DB, newest, afterId, limit),
      write: (rowId, from, to) => replaceConnectionCiphertext(env.DB, rowId, from, { ciphertext: to, keyId: newest }),
    },
  ];
  for (const kind of kinds) {
    let after = "";
    for (let seen = 0; seen < batch; ) {
      const rows = await kind.read(after, Math.min(PAGE, batch - seen));
      if (rows.length === 0) break;
      for (const row of rows) {
        seen += 1;
        after = row.rowId;
        try {
          // Each value is bound to its row's id: the same id opens it and seals it again.
          const opened = await decryptRefreshToken(keys, row.rowId, row.ciphertext);
          const sealed = await encryptRefreshToken(keys, row.rowId, opened.refreshToken);
          if (await kind.write(row.rowId, row.ciphertext, sealed.ciphertext)) summary.resealed += 1;
        } catch (error) {
          summary.unreadable += 1;
          console.error(`the ${kind.name} of ${row.rowId} does not open with TOKEN_ENCRYPTION_KEYS; left as it is:`, error instanceof Error ? error.message : error);
        }
      }
    }
  }
  return summary;
}
