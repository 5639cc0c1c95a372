/**
 * One request the fake LWA or SP-API saw, as its control host reports it. Shared by the
 * fakes (Node) and the Worker tests (workerd) that read the log over HTTP. Secrets are
 * never recorded, only whether they were right.
 */
export interface SellerCallRecord {
  seq: number;
  kind: "lwa" | "catalog" | "inventory" | "offers" | "sales" | "sellers" | "unknown";
  method: string;
  url: string;
  status: number;
  /** Why the fake refused the request, when it did. */
  error?: string;
  /** LWA: the form as sent, without client_secret; and whether the secret was the registered one. */
  contentType?: string;
  grantType?: string;
  clientId?: string;
  clientSecretValid?: boolean;
  code?: string;
  redirectUri?: string;
  refreshToken?: string;
  /** SP-API: the path, query and whether x-amz-access-token was a live token of the fake LWA. */
  host?: string;
  path?: string;
  query?: Record<string, string>;
  accessToken?: string;
  /** getItemOffersBatch: the JSON body as sent. */
  body?: unknown;
}
