import type { ComponentProps } from "react";
import { useWorkspaces } from "../state/workspaces";
import { ExportButtons } from "./ExportButtons";

/**
 * Export buttons on a page anyone may open: for a signed-in member they show only with the
 * `track` permission (the server refuses a viewer's export); a visitor gets them as before.
 */
export function MemberExportButtons({ signedIn, ...props }: ComponentProps<typeof ExportButtons> & { signedIn: boolean }) {
  return signedIn ? <GatedExportButtons {...props} /> : <ExportButtons {...props} />;
}

function GatedExportButtons(props: ComponentProps<typeof ExportButtons>) {
  const readOnly = useWorkspaces().lacks("track");
  return readOnly ? null : <ExportButtons {...props} />;
}
