import type { GetListParams, RaRecord } from 'react-admin';
import { monitDelete, monitGet, monitPost, monitPut } from './http';
import { decryptJson } from '../cipher';
import { crud, filterOf, readAt, fromList, slicePage, text } from '../crud';
import { RESTORE_AFTER_DEFAULT } from '../../common/rules/monitoring';
import type { ProviderModule } from '../types';
import type {
  AlarmRecord,
  AlertRule,
  Contact,
  ContactGroup,
  GroupMember,
  NotifyRecord,
  Page,
  ResourceReply,
  RuleDetailReply,
  SendMsgReply,
} from '../../common/wire/monitoring';

/**
 * Cloud monitoring calls (contract rows /monit/*; success code "200", dataProviders/monit/http.ts).
 * Resources: contacts, contact groups, rules and the notification history; verbs for the rest.
 */

export const CONTACT_RESOURCE = 'CMonit/alertContact';
export const GROUP_RESOURCE = 'CMonit/alertGroup';
export const RULE_RESOURCE = 'CMonit/alertRules';
export const HISTORY_RESOURCE = 'CMonit/alertHistory';
/** Sub-resource of the contacts screen: a group's members, by target 'groupId'. */
export const GROUP_MEMBER_RESOURCE = 'alertGroupMembers';

/** A contact as a member of one group; `id` names the pair, so one contact in two groups is two records. */
export interface GroupMemberRecord extends RaRecord {
  id: string;
  groupId: number;
  contactId: number;
  name: string;
}
export const memberRecord = (groupId: number, m: GroupMember): GroupMemberRecord => ({
  id: `${groupId}:${m.id}`,
  groupId,
  contactId: m.id,
  name: m.name,
});

const paging = (p: GetListParams) => ({ pageNum: p.pagination?.page ?? 1, pageSize: p.pagination?.perPage ?? 20 });
const seconds = (v: unknown): number | undefined => {
  const s = text(v);
  if (!s) return undefined;
  const t = new Date(s).getTime();
  return Number.isFinite(t) ? Math.floor(t / 1000) : undefined;
};

/** A paged list call as react-admin's getList wants it. */
const pagedList =
  <T>(url: string, body: (p: GetListParams) => object) =>
  async (p: GetListParams) => {
    const page = await monitPost<Page<T>>(url, { ...paging(p), ...body(p) });
    return { data: page.list, total: page.total };
  };
/** A whole list (these lists are small and owned by the caller). */
const wholeList = async <T>(url: string) => (await monitPost<Page<T>>(url, { pageNum: 1, pageSize: 1000 })).list;
const keywordBody = (p: GetListParams) => ({ keyword: text(filterOf(p).q) });

/**
 * The groups with their members, read once for every getManyReference asked at the same time: the
 * contacts screen asks one per group row, and the contract has no per-group member call.
 */
let groupsInFlight: Promise<ContactGroup[]> | null = null;
function allGroups(): Promise<ContactGroup[]> {
  groupsInFlight ??= wholeList<ContactGroup>('/monit/group/list').finally(() => {
    groupsInFlight = null;
  });
  return groupsInFlight;
}

const groupMembers = crud<GroupMemberRecord>({
  async getManyReference(p, resource) {
    if (p.target !== 'groupId') throw new Error(`${resource}: getManyReference by '${p.target}' is not supported`);
    const group = (await allGroups()).find((g) => String(g.id) === String(p.id));
    return slicePage(
      (group?.members ?? []).map((m) => memberRecord(Number(p.id), m)),
      p.pagination,
    );
  },
  /** DELETE /monit/group/delete/{groupId}/{contactId}: the contact leaves the group. */
  async delete(p) {
    const [groupId, contactId] = String(p.id).split(':').map(Number);
    await monitDelete<ContactGroup>(`/monit/group/delete/${groupId}/${contactId}`);
  },
});

/** Contacts and groups: list (keyword q), add, update and delete under one base path. */
function namedResource<T extends Contact | ContactGroup>(base: string, body: (data: Partial<T>) => object) {
  return crud<T>({
    getList: pagedList<T>(`${base}/list`, keywordBody),
    ...fromList(() => wholeList<T>(`${base}/list`)),
    create: (p) => monitPut<T>(`${base}/add`, body(p.data)),
    update: (p) => monitPost<T>(`${base}/update`, { id: Number(p.id), ...body(p.data), ...readAt(p) }),
    async delete(p) {
      await monitDelete(`${base}/delete/${Number(p.id)}`);
    },
  });
}

const contactBody = (d: Partial<Contact>) => ({
  name: d.name ?? '',
  email: d.email ?? '',
  mobile: d.mobile ?? '',
  webhook: d.webhook ?? '',
  language: d.language ?? 'zh',
  remark: d.remark ?? '',
});
const groupBody = (d: Partial<ContactGroup> & { contactIds?: number[] }) => ({
  name: d.name ?? '',
  description: d.description ?? '',
  contactIds: d.contactIds ?? [],
});
export type RuleInputRecord = Omit<
  AlertRule,
  'id' | 'uuid' | 'state' | 'breaches' | 'lastValue' | 'evaluatedUntil' | 'createTime' | 'updateTime' | 'unreachable'
>;
const ruleBody = (d: Partial<RuleInputRecord>) => ({
  name: d.name ?? '',
  domains: d.domains ?? [],
  metric: d.metric,
  period: Number(d.period),
  comparison: d.comparison,
  threshold: Number(d.threshold),
  consecutive: Number(d.consecutive ?? 1),
  restoreAfter: Number(d.restoreAfter ?? RESTORE_AFTER_DEFAULT),
  groupIds: d.groupIds ?? [],
  channels: d.channels ?? [],
  repeatMinutes: Number(d.repeatMinutes ?? 0),
  muteWindows: d.muteWindows ?? [],
  timeZone: d.timeZone || 'Asia/Shanghai',
  enabled: d.enabled ?? true,
});

interface AlarmQuery {
  pageNum: number;
  pageSize: number;
  ruleName?: string;
  event?: string;
  startTime?: number;
  endTime?: number;
}
interface ResourceQuery extends Omit<AlarmQuery, 'ruleName'> {
  domain?: string;
  type?: string;
  interval?: number;
}

export const monitMethods = {
  async monitSendMsg(id: number): Promise<SendMsgReply> {
    return monitPost<SendMsgReply>('/monit/contacts/sendMsg', { id });
  },
  /**
   * The rule (or none) with its domains, and the selectable targets, decrypted (spec §7): domains,
   * protected IPs (ippAttack), website domains (wafEvents).
   */
  async monitRuleDetail(
    uuid?: string,
  ): Promise<{ rule: AlertRule | null; options: string[]; ipOptions: string[]; websiteOptions: string[] }> {
    const reply = await monitPost<RuleDetailReply>('/monit/query/ruleDetail', uuid ? { uuid } : {});
    const domains = decryptJson<string[]>(reply.domains);
    return {
      rule: reply.rule ? { ...reply.rule, domains } : null,
      options: decryptJson<string[]>(reply.options),
      ipOptions: decryptJson<string[]>(reply.ipOptions),
      websiteOptions: decryptJson<string[]>(reply.websiteOptions),
    };
  },
  async monitSetEnabled(uuid: string, enabled: boolean): Promise<AlertRule> {
    return enabled ? monitPut<AlertRule>('/monit/rule/enable', { uuid }) : monitGet<AlertRule>('/monit/rule/disable', { uuid });
  },
  async monitAlarms(body: AlarmQuery): Promise<Page<AlarmRecord>> {
    return monitPost<Page<AlarmRecord>>('/monit/record/alarm', body);
  },
  async monitResource(body: ResourceQuery): Promise<ResourceReply> {
    return monitPost<ResourceReply>('/monit/record/resource', body);
  },
  async monitHistoryPage(body: Record<string, unknown>): Promise<Page<NotifyRecord>> {
    return monitPost<Page<NotifyRecord>>('/monit/notify/history', body);
  },
};

export const historyFilterBody = (f: Record<string, unknown>) => ({
  ruleName: text(f.ruleName),
  contact: text(f.contact),
  channel: text(f.channel),
  status: text(f.status),
  startTime: seconds(f.startTime),
  endTime: seconds(f.endTime),
});

const enabledFilter = (v: unknown) => (v === undefined || v === '' ? undefined : v === true || v === 'true');

const rules = crud<AlertRule>({
  getList: pagedList<AlertRule>('/monit/rule/list', (p) => {
    const f = filterOf(p);
    return { keyword: text(f.q), state: text(f.state), metric: text(f.metric), enabled: enabledFilter(f.enabled) };
  }),
  async getOne(p) {
    const found = await fromList(() => wholeList<AlertRule>('/monit/rule/list')).getOne(p);
    return (await monitMethods.monitRuleDetail(found.uuid)).rule ?? found;
  },
  create: (p) => monitPut<AlertRule>('/monit/rule/add', ruleBody(p.data)),
  update: (p) =>
    monitPost<AlertRule>('/monit/rule/update', { uuid: (p.previousData as AlertRule).uuid, ...ruleBody(p.data), ...readAt(p) }),
  async delete(p) {
    await monitDelete(`/monit/rule/delete/${(p.previousData as AlertRule | undefined)?.uuid ?? Number(p.id)}`);
  },
});

export const monitModule = {
  resources: {
    [CONTACT_RESOURCE]: namedResource<Contact>('/monit/contacts', contactBody),
    [GROUP_RESOURCE]: namedResource<ContactGroup>('/monit/group', groupBody),
    [RULE_RESOURCE]: rules,
    [GROUP_MEMBER_RESOURCE]: groupMembers,
    [HISTORY_RESOURCE]: crud<NotifyRecord>({
      getList: pagedList<NotifyRecord>('/monit/notify/history', (p) => historyFilterBody(filterOf(p))),
    }),
  },
  methods: monitMethods,
} satisfies ProviderModule<typeof monitMethods>;
