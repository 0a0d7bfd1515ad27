import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import { portalResource } from '../../../src/registry.types';

/** Live domains at /cdn/liveDomain (list only; live domains are set up by the provider). */
export default portalResource('cdn/liveDomain', 'liveDomain', LiveTvOutlinedIcon, 'name', {
  list: () => import('./LiveDomainList').then((m) => m.LiveDomainList),
});
