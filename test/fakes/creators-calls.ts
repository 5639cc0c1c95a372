/**
 * One request the fake Creators API saw, as its control host reports it. Shared by the
 * fake (Node) and the Worker tests (workerd) that read the log over HTTP.
 */
export interface CallRecord {
  seq: number;
  /** When the fake answered it (epoch ms): its arrival, plus the fake's latency. */
  at: number;
  kind: "token" | "getItems" | "unknown";
  method: string;
  url: string;
  status: number;
  /** Why the fake refused the request, when it did. */
  error?: string;
  clientId?: string;
  /** Token grants: the body's scope and the content type it came as. */
  scope?: string;
  contentType?: string;
  /** getItems: the header and body as sent. */
  authorization?: string;
  marketplace?: string;
  body?: Record<string, unknown>;
  itemIds?: string[];
}
