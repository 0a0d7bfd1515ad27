import type { Identifier } from 'react-admin';
import { impapiGet, impapiPost } from './http';
import { crud, filterOf, readAt, slicePage, text } from '../crud';
import type { ProviderModule } from '../types';
import type { PolicyInput, RuleInput } from '../../common/rules/websites/index';
import type { ClientApp, FilterFieldInfo } from '../../common/rules/websites/catalogue';
import type {
  CertificateOption,
  DryRunBody,
  DryRunResult,
  OwnershipChallenge,
  OwnershipMethod,
  Policy,
  PortErrorData,
  Rule,
  StatisticBody,
  StatisticData,
  Website,
} from '../../common/wire/websites';

/**
 * Website protection calls (issue #18; contract rows /impapi/protection/application/*,
 * GET /impapi/certificate/search, GET /impapi/protection/common/randomDoamin): the websites
 * resource, and the policy, rule, check, dashboard and ownership-proof (issue #35) verbs.
 */

export const WEBSITE_RESOURCE = 'dcdn/website';
/** Sub-resources of a website (no screen of their own): its policies and its rules, by target 'websiteId'. */
export const WEBSITE_POLICY_RESOURCE = 'websitePolicies';
export const WEBSITE_RULE_RESOURCE = 'websiteRules';
const P = '/impapi/protection/application';

export interface CheckReply {
  id: number;
  ok: boolean;
  domainResolved: boolean;
  domainAddresses: string[];
  domainMessage: string;
  origins: Website['checkResult'];
}

const websites = crud<Website>({
  async getList(params) {
    const reply = await impapiGet<{ list: Website[]; total: number }>(`${P}/manager/list`, {
      pageNum: params.pagination?.page ?? 1,
      pageSize: params.pagination?.perPage ?? 20,
      domain: text(filterOf(params).domain),
    });
    return { data: reply.list, total: reply.total };
  },
  getOne: (params) => impapiGet<Website>(`${P}/manager/detail/${Number(params.id)}`),
  create: (params) => impapiPost<Website>(`${P}/manager/create`, websiteBody(params.data as Website)),
  update: (params) =>
    impapiPost<Website>(`${P}/manager/update`, { id: Number(params.id), ...websiteBody(params.data as Website), ...readAt(params) }),
});

/** The fields a create or update sends (react-admin's record carries read-only ones too). */
export function websiteBody(w: Website) {
  return {
    domain: w.domain,
    originType: w.originType,
    lbMode: w.lbMode,
    origins: (w.origins ?? []).map((o) => ({ address: o.address, weight: Number(o.weight), role: o.role })),
    remark: w.remark ?? '',
    certificateId: w.certificateId ?? null,
    hsts: {
      enabled: Boolean(w.hsts?.enabled),
      maxAge: Number(w.hsts?.maxAge ?? 31536000),
      includeSubdomains: Boolean(w.hsts?.includeSubdomains),
    },
    enabled: w.enabled ?? true,
    protectionAddress: w.protectionAddress || undefined,
  };
}

export const websiteMethods = {
  websiteEnable: (id: number) => impapiPost<Website>(`${P}/manager/enable`, { id }),
  websiteDisable: (id: number) => impapiPost<Website>(`${P}/manager/disable`, { id }),
  websiteCheck: (id: number) => impapiPost<CheckReply>(`${P}/manager/checkConfig`, { id }),
  websitePortErrors: (id: number) => impapiGet<PortErrorData>(`${P}/manager/getPortErrorData/${id}`),
  websiteCertificates: (domain: string) => impapiGet<CertificateOption[]>('/impapi/certificate/search', { domain }),
  websiteRandomAddress: () => impapiGet<string>('/impapi/protection/common/randomDoamin'),
  wafStatistic: (body: StatisticBody) => impapiPost<StatisticData>(`${P}/statistic/data`, body),
  rulePriority: (websiteId: number, ids: number[]) => impapiPost<Rule[]>(`${P}/rule/priority`, { websiteId, ids }),
  ruleFilters: () => impapiGet<FilterFieldInfo[]>(`${P}/rule-filter/list`),
  clientApps: () => impapiGet<ClientApp[]>(`${P}/client-app/list`),
  wafDryRun: (body: DryRunBody) => impapiPost<DryRunResult>(`${P}/rule/dryRun`, body),
  /** Whether the caller may protect a name, and else its token and where to publish it (issue #35). */
  websiteOwnershipChallenge: (domain: string) => impapiPost<OwnershipChallenge>(`${P}/ownership/challenge`, { domain }),
  websiteOwnershipVerify: (domain: string, method: OwnershipMethod) =>
    impapiPost<OwnershipChallenge>(`${P}/ownership/verify`, { domain, method }),
};

/** The fields a policy's create or update sends (the record carries account and times too). */
export const policyBody = (p: PolicyInput): PolicyInput => ({
  websiteId: Number(p.websiteId),
  name: p.name,
  description: p.description ?? '',
  type: p.type,
  enabled: p.enabled,
  countries: p.countries ?? [],
  urls: p.urls ?? [],
  ips: p.ips ?? [],
  clientAppIds: p.clientAppIds ?? [],
  exceptions: p.exceptions ?? [],
  waf: p.waf,
});
/** The fields a rule's create or update sends (the record carries priority, status, account and times too). */
export const ruleBody = (r: RuleInput): RuleInput => ({
  websiteId: Number(r.websiteId),
  name: r.name,
  enabled: r.enabled,
  actionType: r.actionType,
  action: r.action,
  filters: r.filters ?? [],
  clientAppIds: r.clientAppIds ?? [],
  interval: Number(r.interval),
});

/**
 * A website's policies or rules as a react-admin resource on the contract's calls under `${P}/<kind>`:
 * getManyReference (target 'websiteId') is GET <kind>/list/{websiteId}, answered in the server's order
 * (rules by priority, policies by type) and paged here; getOne GET <kind>/detail/{id}; create, update,
 * delete POST <kind>/create, update ({id, ...}), delete ({id}).
 */
function childOfWebsite<T extends { id: Identifier }, I>(kind: 'policy' | 'rule', body: (data: I) => I) {
  const detail = (id: unknown) => impapiGet<T>(`${P}/${kind}/detail/${Number(id)}`);
  return crud<T>({
    async getManyReference(params, resource) {
      if (params.target !== 'websiteId') throw new Error(`${resource}: getManyReference by '${params.target}' is not supported`);
      return slicePage(await impapiGet<T[]>(`${P}/${kind}/list/${Number(params.id)}`), params.pagination);
    },
    getOne: (params) => detail(params.id),
    getMany: (params) => Promise.all(params.ids.map(detail)),
    create: (params) => impapiPost<T>(`${P}/${kind}/create`, body(params.data as I)),
    update: (params) => impapiPost<T>(`${P}/${kind}/update`, { id: Number(params.id), ...body(params.data as I), ...readAt(params) }),
    async delete(params) {
      await impapiPost<{ id: number }>(`${P}/${kind}/delete`, { id: Number(params.id) });
    },
  });
}

export const websitesModule = {
  resources: {
    [WEBSITE_RESOURCE]: websites,
    [WEBSITE_POLICY_RESOURCE]: childOfWebsite<Policy, PolicyInput>('policy', policyBody),
    [WEBSITE_RULE_RESOURCE]: childOfWebsite<Rule, RuleInput>('rule', ruleBody),
  },
  methods: websiteMethods,
} satisfies ProviderModule<typeof websiteMethods>;
