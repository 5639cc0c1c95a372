import type { ReactNode } from "react";
import { LoadFailed } from "../../components/LoadFailed";
import type { UserStatus } from "@contract/account";
import { RequireSignIn } from "../../components/RequireSignIn";
import { AccountPanel } from "./AccountPanel";
import { ApiAccessPanel } from "./ApiAccessPanel";
import { BrandingPanel } from "./BrandingPanel";
import { ConnectionStatusTab } from "./ConnectionStatusTab";
import { DataRefreshPanel } from "./DataRefreshPanel";
import { NotificationsPanel } from "./NotificationsPanel";
import { Tabs } from "./Tabs";
import { useChannelSettings } from "./use-channel-settings";
import { useSellerSettings, type LoadedSettings, type SellerSettings } from "./use-seller-settings";
import "../../styles/seller.css";
import { useWorkspaces } from "../../state/workspaces";

/** /settings: connection, notifications, data refresh, API access, report branding and account. */
export function SettingsPage() {
  return (
    <RequireSignIn title="Settings" reason="Connect your seller account (or try the demo) to manage your settings.">
      {(user) => <SettingsScreen user={user} />}
    </RequireSignIn>
  );
}

function SettingsScreen({ user }: { user: UserStatus }) {
  const settings = useSellerSettings();
  // Loaded here, not in the tab, so unsaved channel edits survive a tab switch like the others.
  const channels = useChannelSettings();
  const { load, save, change, saveDraft, reloadConnection } = settings;
  const editing = { save, onChange: change, onSave: saveDraft };
  const { lacks } = useWorkspaces();

  const tabs = [
    {
      id: "connection",
      label: "Connection Status",
      panel: (
        <Loaded settings={settings}>
          {({ connection }) => <ConnectionStatusTab connection={connection} reloadConnection={reloadConnection} />}
        </Loaded>
      ),
    },
    {
      id: "notifications",
      label: "Notifications",
      panel: <Loaded settings={settings}>{({ draft }) => <NotificationsPanel draft={draft} {...editing} channels={channels} />}</Loaded>,
    },
    {
      id: "data-refresh",
      label: "Data Refresh",
      panel: <Loaded settings={settings}>{({ draft }) => <DataRefreshPanel draft={draft} {...editing} />}</Loaded>,
    },
    // API keys are the workspace owners' and admins' to manage (the server refuses other roles).
    ...(lacks("keys") ? [] : [{ id: "api-access", label: "API Access", panel: <ApiAccessPanel /> }]),
    { id: "branding", label: "Branding", panel: <BrandingPanel /> },
    {
      id: "account",
      label: "Account",
      panel: <AccountPanel user={user} connection={load.status === "ready" ? load.connection : null} />,
    },
  ];

  return (
    <div className="container seller-page">
      <h1>Settings</h1>
      <Tabs label="Settings" tabs={tabs} />
    </div>
  );
}

/** The loading and error states of GET /api/settings, around a panel that needs its answer. */
function Loaded({ settings, children }: { settings: SellerSettings; children: (loaded: LoadedSettings) => ReactNode }) {
  const { load, retryLoad } = settings;
  if (load.status === "loading") {
    return (
      <p className="seller-muted" role="status">
        Loading your settings...
      </p>
    );
  }
  if (load.status === "error") {
    return (
      <LoadFailed message={load.message} onRetry={retryLoad} />
    );
  }
  return children(load);
}
