import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { workspaceBranding } from "../db/schema";
import type { LogoType } from "./branding-rules";

/** A workspace's branding as stored; every field null until set. */
export interface BrandingRecord {
  displayName: string | null;
  accentColor: string | null;
  logo: { id: string; type: LogoType; bytes: number } | null;
}

const EMPTY: BrandingRecord = { displayName: null, accentColor: null, logo: null };

export async function loadBranding(db: D1Database, workspaceId: string): Promise<BrandingRecord> {
  const [row] = await drizzle(db).select().from(workspaceBranding).where(eq(workspaceBranding.workspaceId, workspaceId)).limit(1);
  if (!row) return EMPTY;
  return {
    displayName: row.displayName,
    accentColor: row.accentColor,
    logo: row.logoId && row.logoType ? { id: row.logoId, type: row.logoType, bytes: row.logoBytes ?? 0 } : null,
  };
}

/** Sets the name and colour (null clears one; undefined leaves it). */
export async function saveBrandingText(db: D1Database, workspaceId: string, change: { displayName?: string | null; accentColor?: string | null }): Promise<void> {
  const set = {
    ...(change.displayName !== undefined && { displayName: change.displayName }),
    ...(change.accentColor !== undefined && { accentColor: change.accentColor }),
    updatedAt: new Date().toISOString(),
  };
  await drizzle(db).insert(workspaceBranding).values({ workspaceId, ...set }).onConflictDoUpdate({ target: workspaceBranding.workspaceId, set });
}

/** Points the workspace at a new logo (or none); answers the logo id it replaced, for R2 to delete. */
export async function saveLogo(db: D1Database, workspaceId: string, logo: BrandingRecord["logo"]): Promise<string | null> {
  const previous = (await loadBranding(db, workspaceId)).logo?.id ?? null;
  const set = { logoId: logo?.id ?? null, logoType: logo?.type ?? null, logoBytes: logo?.bytes ?? null, updatedAt: new Date().toISOString() };
  await drizzle(db).insert(workspaceBranding).values({ workspaceId, ...set }).onConflictDoUpdate({ target: workspaceBranding.workspaceId, set });
  return previous;
}

/** The workspace a public logo id belongs to, and its type; null when no workspace shows it now. */
export async function findLogo(db: D1Database, logoId: string): Promise<{ workspaceId: string; type: LogoType } | null> {
  const [row] = await drizzle(db)
    .select({ workspaceId: workspaceBranding.workspaceId, type: workspaceBranding.logoType })
    .from(workspaceBranding)
    .where(eq(workspaceBranding.logoId, logoId))
    .limit(1);
  return row?.type ? { workspaceId: row.workspaceId, type: row.type } : null;
}
