import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';

/** How often the edge nodes' liveness is asked again (a node is offline after 60 s of silence). */
const EDGE_NODES_POLL_MS = 15_000;

/** Names the offline edge nodes (issue #33): changes are not waited for on them. Nothing without nodes. */
export function OfflineNodesNotice() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const { data } = useQuery({
    queryKey: ['cdn/domain', 'edgeNodes'],
    queryFn: () => dataProvider.domainEdgeNodes(),
    refetchInterval: EDGE_NODES_POLL_MS,
  });
  if (!data?.offline.length) return null;
  return (
    <Typography variant="caption" color="text.secondary" sx={{ px: 2, display: 'block' }} data-testid="offline-nodes">
      {translate('resources.cdn/domain.list.offlineNodes', { names: data.offline.join(', '), smart_count: data.offline.length })}
    </Typography>
  );
}
