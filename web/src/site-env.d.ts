interface ImportMetaEnv {
  /** The site's absolute origin, e.g. https://ranklayer.com: SITE_URL at build time (build/site-url.ts). */
  readonly SITE_URL: string;
}
