import { HostList } from '../HostList';

/** The dedicated-server list: the VPS list's screen for type 'server'. */
export const DedicatedHostList = () => <HostList type="server" />;
