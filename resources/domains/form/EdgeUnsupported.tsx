import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';

/** Settings the nginx edge nodes cannot serve (docs/edge.md, "What nginx cannot do"). */
export type EdgeUnsupportedFeature = 'urlAuth' | 'brotli' | 'originRedirect';

/**
 * Says, under a setting, that the real edge nodes do not do it (issue #33: the form says so instead
 * of pretending). Nothing while the portal drives no node (the embedded edge serves every setting).
 */
export function EdgeUnsupported({ feature }: { feature: EdgeUnsupportedFeature }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const translate = useTranslate();
  const { data } = useQuery({ queryKey: ['cdn/domain', 'edgeNodes'], queryFn: () => dataProvider.domainEdgeNodes() });
  if (!data?.total) return null;
  return (
    <Typography variant="caption" color="warning.main" sx={{ display: 'block', mb: 1 }} data-testid={`edge-unsupported-${feature}`}>
      {translate(`resources.cdn/domain.edgeUnsupported.${feature}`)}
    </Typography>
  );
}
