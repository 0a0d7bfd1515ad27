import type { TypedRoutes } from '../../../lib/typeProvider';
import { ok } from '../../../lib/envelope';
import { assertSettled, loadDomain, visibleAccounts } from '../../../services/domains';
import { domainsWithBucket } from '../../../stores/config/domains';
import { schedulingPolicy } from '../../../lib/edgeRegions';
import {
  cachePathKind,
  cacheRuleValues,
  cacheSeconds,
  DEFAULT_CACHE_DAYS,
  DEFAULT_GLOBAL_CACHE_DAYS,
} from '../../../../common/rules/domains/index';
import {
  DomainSchedulingParamsSchema,
  type DomainBucket,
  type DomainCloudStorage,
  type DomainRetrieval,
  type DomainStrategy,
} from '../../../../common/wire/domains';
import { IdObject } from '../../../../common/wire/shell/schemas';

const view = { module: 'domain', access: 'view' } as const;

/**
 * Provider, bucket and region of a bucket endpoint host. A provider's endpoint under `.example` (the
 * demo's documentation copies, never connected to) reads as the provider's.
 */
export function parseBucketEndpoint(host: string): Pick<DomainBucket, 'bucket' | 'provider' | 'region'> {
  const endpoint = host.replace(/\.example$/, '');
  const patterns: Array<[RegExp, string]> = [
    [/^([^.]+)\.oss-([a-z0-9-]+?)(?:-internal)?\.aliyuncs\.com$/, 'Alibaba Cloud OSS'],
    [/^([^.]+)\.cos\.([a-z0-9-]+)\.myqcloud\.com$/, 'Tencent Cloud COS'],
    [/^([^.]+)\.obs\.([a-z0-9-]+)\.myhuaweicloud\.com$/, 'Huawei Cloud OBS'],
    [/^([^.]+)\.s3[.-]([a-z0-9-]+)\.amazonaws\.com$/, 'Amazon S3'],
    [/^([^.]+)\.([a-z0-9-]+)\.digitaloceanspaces\.com$/, 'DigitalOcean Spaces'],
  ];
  for (const [re, provider] of patterns) {
    const m = re.exec(endpoint);
    if (m) return { bucket: m[1], provider, region: m[2] };
  }
  if (/^([^.]+)\.s3\.amazonaws\.com$/.test(endpoint)) return { bucket: endpoint.split('.')[0], provider: 'Amazon S3', region: 'us-east-1' };
  if (endpoint.endsWith('.storage.googleapis.com')) return { bucket: endpoint.split('.')[0], provider: 'Google Cloud Storage', region: '' };
  return { bucket: endpoint.split('.')[0], provider: 'S3 compatible', region: '' };
}

/** Cache strategy, origin retrieval, bucket and scheduling views of a domain (contract rows). */
export const domainInfoRoutes: TypedRoutes = async (app) => {
  app.get('/api/domain/strategy/:id', { config: view, schema: { params: IdObject } }, async (request) => {
    const d = await loadDomain(request, { id: request.params.id });
    const days = DEFAULT_CACHE_DAYS[d.type] ?? DEFAULT_GLOBAL_CACHE_DAYS;
    const strategy: DomainStrategy = {
      id: d.id,
      domain: d.name,
      type: d.type,
      rules: d.cacheRules.map((r, i) => {
        const values = cacheRuleValues(r);
        const kind = r.match === 'suffix' ? 'suffix' : values.every((v) => cachePathKind(v) === 'file') ? 'file' : 'directory';
        const seconds = cacheSeconds(r.time, r.unit);
        return { ...r, priority: i + 1, seconds, cache: seconds > 0, values, kind };
      }),
      defaultRule: { time: days, unit: 'd', seconds: cacheSeconds(days, 'd') },
      ignoreParams: d.ignoreParams,
      ignoreExpires: d.ignoreExpires,
      ignoreNoCache: d.ignoreNoCache,
      statusCodeCache: d.advanced.statusCodeCache,
    };
    return ok(strategy);
  });

  app.get('/api/domain/retrieval/:id', { config: view, schema: { params: IdObject } }, async (request) => {
    const d = await loadDomain(request, { id: request.params.id });
    const host = d.backHost.mode === 'custom' && d.backHost.value ? d.backHost.value : d.name;
    const retrieval: DomainRetrieval = {
      id: d.id,
      domain: d.name,
      backProtocol: d.backProtocol,
      host,
      backDir: d.backDir,
      backIsEnable: d.backIsEnable,
      rangeOrigin: d.advanced.rangeOrigin,
      originRedirect: d.advanced.originRedirect,
      origins: d.origins.map((o) => {
        const protocol = d.backProtocol;
        const scheme = protocol === 'match' ? (o.port === 443 ? 'https' : 'http') : protocol;
        const originHost = o.type === 'bucket' ? o.address : host;
        const address = o.address.includes(':') ? `[${o.address}]` : o.address;
        return { ...o, protocol, host: originHost, url: `${scheme}://${address}:${o.port}${d.backIsEnable ? d.backDir : '/'}` };
      }),
      requestHeaders: d.advanced.requestHeaders,
    };
    return ok(retrieval);
  });

  app.get('/api/domain/cloudStorage/get/:id', { config: view, schema: { params: IdObject } }, async (request) => {
    const d = await loadDomain(request, { id: request.params.id });
    const accounts = await visibleAccounts(request);
    const buckets: DomainBucket[] = [];
    for (const o of d.origins.filter((x) => x.type === 'bucket')) {
      // Only domains the caller may see are named.
      const others = (await domainsWithBucket(app.db, o.address, d.id)).filter((x) => !accounts || accounts.includes(x.account));
      buckets.push({
        ...parseBucketEndpoint(o.address),
        endpoint: o.address,
        role: o.role,
        port: o.port,
        boundDomains: others.map((x) => x.name),
      });
    }
    const reply: DomainCloudStorage = { id: d.id, domain: d.name, note: d.cloudStorage, buckets };
    return ok(reply);
  });

  app.get(
    '/api/domain/schedulinPpolicy/:domain/:type/:scope/:protocol',
    {
      config: view,
      schema: { params: DomainSchedulingParamsSchema },
    },
    async (request) => {
      const d = await loadDomain(request, { name: request.params.domain });
      assertSettled(d);
      // The stored configuration decides; the path's type/scope/protocol may be stale in a screen.
      return ok(schedulingPolicy(d));
    },
  );
};
