import type { ConnectionStatus } from "@contract/account";
import { fetchConnections } from "../../api/connections";
import { useResource } from "../../api/use-resource";
import { ConnectionPanel } from "./ConnectionPanel";
import { ConnectionsList } from "./ConnectionsList";

interface Props {
  connection: ConnectionStatus;
  reloadConnection: () => Promise<void>;
}

/**
 * Settings → Connection Status: the member's own Amazon sign-in, then the workspace's seller
 * accounts. The list is read here, once, because the panel above it words itself by it.
 */
export function ConnectionStatusTab({ connection, reloadConnection }: Props) {
  const [sellers, reloadSellers] = useResource(fetchConnections);
  return (
    <>
      <ConnectionPanel
        connection={connection}
        // Disconnecting the sign-in's seller account changes the workspace's list too.
        reloadConnection={() => {
          reloadSellers();
          return reloadConnection();
        }}
        workspaceSellers={sellers.status === "success" ? sellers.data.connections.length : null}
      />
      <ConnectionsList demo={connection.demo} list={sellers} reload={reloadSellers} />
    </>
  );
}
