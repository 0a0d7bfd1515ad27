import type { CreateParams, DataProvider, GetListParams, GetOneParams, RaRecord, UpdateParams } from 'react-admin';
import { impapiGet, impapiPost } from './http';
import type { ProviderModule } from '../types';
import type { PolicyInput, RuleInput } from '../../common/rules/websiteRules';
import type { ClientApp, FilterFieldInfo } from '../../common/rules/wafCatalogue';
import type { CertificateOption, DryRunBody, DryRunResult, Policy, PortErrorData, Rule, StatisticBody, StatisticData, Website } from '../../common/wire/websiteTypes';

/**
 * Website protection calls (issue #18; contract rows /impapi/protection/application/*,
 * GET /impapi/certificate/search, GET /impapi/protection/common/randomDoamin): the websites
 * resource, and the policy, rule, check and dashboard verbs.
 */

export const WEBSITE_RESOURCE = 'dcdn/website';
const P = '/impapi/protection/application';

export interface CheckReply {
  id: number;
  ok: boolean;
  domainResolved: boolean;
  domainAddresses: string[];
  domainMessage: string;
  origins: Website['checkResult'];
}

const websites: Partial<DataProvider> = {
  async getList<R extends RaRecord>(_resource: string, params: GetListParams) {
    const f = (params.filter ?? {}) as Record<string, unknown>;
    const reply = await impapiGet<{ list: Website[]; total: number }>(`${P}/manager/list`, {
      pageNum: params.pagination?.page ?? 1, pageSize: params.pagination?.perPage ?? 20,
      domain: typeof f.domain === 'string' && f.domain.trim() ? f.domain.trim() : undefined,
    });
    return { data: reply.list as unknown as R[], total: reply.total };
  },
  async getOne<R extends RaRecord>(_resource: string, params: GetOneParams) {
    return { data: (await impapiGet<Website>(`${P}/manager/detail/${Number(params.id)}`)) as unknown as R };
  },
  async create<R extends RaRecord>(_resource: string, params: CreateParams) {
    return { data: (await impapiPost<Website>(`${P}/manager/create`, websiteBody(params.data as Website))) as unknown as R };
  },
  async update<R extends RaRecord>(_resource: string, params: UpdateParams) {
    return { data: (await impapiPost<Website>(`${P}/manager/update`, { id: Number(params.id), ...websiteBody(params.data as Website) })) as unknown as R };
  },
};

/** The fields a create or update sends (react-admin's record carries read-only ones too). */
export function websiteBody(w: Website) {
  return {
    domain: w.domain, originType: w.originType, lbMode: w.lbMode,
    origins: (w.origins ?? []).map((o) => ({ address: o.address, weight: Number(o.weight), role: o.role })),
    remark: w.remark ?? '', certificateId: w.certificateId ?? null,
    hsts: { enabled: Boolean(w.hsts?.enabled), maxAge: Number(w.hsts?.maxAge ?? 31536000), includeSubdomains: Boolean(w.hsts?.includeSubdomains) },
    enabled: w.enabled ?? true, protectionAddress: w.protectionAddress || undefined,
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
  policyList: (websiteId: number) => impapiGet<Policy[]>(`${P}/policy/list/${websiteId}`),
  policyDetail: (id: number) => impapiGet<Policy>(`${P}/policy/detail/${id}`),
  policyCreate: (p: PolicyInput) => impapiPost<Policy>(`${P}/policy/create`, p),
  policyUpdate: (id: number, p: PolicyInput) => impapiPost<Policy>(`${P}/policy/update`, { id, ...p }),
  policyDelete: (id: number) => impapiPost<{ id: number }>(`${P}/policy/delete`, { id }),
  ruleList: (websiteId: number) => impapiGet<Rule[]>(`${P}/rule/list/${websiteId}`),
  ruleDetail: (id: number) => impapiGet<Rule>(`${P}/rule/detail/${id}`),
  ruleCreate: (r: RuleInput) => impapiPost<Rule>(`${P}/rule/create`, r),
  ruleUpdate: (id: number, r: RuleInput) => impapiPost<Rule>(`${P}/rule/update`, { id, ...r }),
  ruleDelete: (id: number) => impapiPost<{ id: number }>(`${P}/rule/delete`, { id }),
  rulePriority: (websiteId: number, ids: number[]) => impapiPost<Rule[]>(`${P}/rule/priority`, { websiteId, ids }),
  ruleFilters: () => impapiGet<FilterFieldInfo[]>(`${P}/rule-filter/list`),
  clientApps: () => impapiGet<ClientApp[]>(`${P}/client-app/list`),
  wafDryRun: (body: DryRunBody) => impapiPost<DryRunResult>(`${P}/rule/dryRun`, body),
};

export const websitesModule = {
  resources: { [WEBSITE_RESOURCE]: websites },
  methods: websiteMethods,
} satisfies ProviderModule<typeof websiteMethods>;
