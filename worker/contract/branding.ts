/** GET /api/branding: a workspace's report branding (docs/branding.md). Zod-free for the settings page. */
export interface BrandingResponse {
  display_name: string | null;
  accent_color: string | null;
  logo: { url: string; type: "image/png" | "image/svg+xml"; bytes: number } | null;
  /** Owners and admins may change it; others see it. */
  can_edit: boolean;
}

/** The largest logo upload, in bytes (the server checks it too). */
export const LOGO_MAX_KB = 256;
