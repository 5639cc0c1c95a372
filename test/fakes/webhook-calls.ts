/**
 * One POST the fake webhook receiver got, as its control host reports it: shared by the
 * fake (Node) and the Worker tests (workerd) that read the log over HTTP.
 */
export interface WebhookCallRecord {
  seq: number;
  method: string;
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body exactly as it arrived, as text. */
  body: string;
  /** What the fake answered; 0 when it never answered (a hang). */
  status: number;
}

/**
 * How the receiver answers its next calls: a status, "hang" (no answer until the caller gives up),
 * or a status with a Retry-After header (Slack and Discord send one with their 429).
 */
export type WebhookAnswer = number | "hang" | { status: number; retryAfter: string };
