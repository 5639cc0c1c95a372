import { loadBranding } from "./branding-store";
import { getLogo } from "./logo-bucket";

/** A workspace's branding as PDFs and report emails use it; null fields when unset. */
export interface ReportBranding {
  name: string | null;
  accent: string | null;
  /** The PNG logo's bytes, for pdf-lib; null for none or an SVG. */
  pngLogo: Uint8Array | null;
  /** The SVG logo's text (PDFs draw it when it is plain paths); null for none or a PNG. */
  svgLogo: string | null;
  /** The logo's public URL (PNG or SVG), for emails; null for none. */
  logoUrl: string | null;
}

/** Everything a branded PDF or email needs, read once: D1 for the fields, R2 for a PNG logo's bytes. */
export async function reportBrandingOf(
  env: { DB: D1Database; BRANDING: R2Bucket },
  workspaceId: string,
  siteOrigin: string,
  /** Emails link the logo by URL: they skip reading its bytes from R2 (PNG and SVG). */
  options: { pngBytes: boolean } = { pngBytes: true },
): Promise<ReportBranding> {
  const branding = await loadBranding(env.DB, workspaceId);
  const logo = branding.logo;
  const bytes = options.pngBytes && logo ? await getLogo(env.BRANDING, workspaceId, logo.id) : null;
  const png = logo?.type === "image/png" ? bytes : null;
  const svg = logo?.type === "image/svg+xml" && bytes ? new TextDecoder().decode(bytes) : null;
  return {
    name: branding.displayName,
    accent: branding.accentColor,
    pngLogo: png ? new Uint8Array(png) : null,
    svgLogo: svg,
    logoUrl: logo ? new URL(`/api/branding/logo/${logo.id}`, siteOrigin).href : null,
  };
}
