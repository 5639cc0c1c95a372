/** The attention row of RankLayer's own SP-API app (scope "app"), read by /status. */
export const SPAPI_APP_KEY = "spapi-lwa";
export const SPAPI_APP_FIX =
  "Login with Amazon refused RankLayer's app credentials: Amazon expires an app's client secret every 180 days. Rotate it in the Developer Console of Seller Central and set LWA_CLIENT_SECRET; no seller needs to reconnect.";
