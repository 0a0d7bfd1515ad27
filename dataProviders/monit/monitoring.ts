import type { CreateParams, DataProvider, DeleteParams, GetListParams, GetManyParams, GetManyReferenceParams, GetOneParams, RaRecord, UpdateParams } from 'react-admin';
import { monitDelete, monitGet, monitPost, monitPut } from './http';
import { decryptJson } from '../cipher';
import type { ProviderModule } from '../types';
import type { AlarmRecord, AlertRule, Contact, ContactGroup, GroupMember, NotifyRecord, Page, ResourceReply, RuleDetailReply, SendMsgReply } from '../../common/wire/monitoring';

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
export const memberRecord = (groupId: number, m: GroupMember): GroupMemberRecord => ({ id: `${groupId}:${m.id}`, groupId, contactId: m.id, name: m.name });

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const paging = (p: GetListParams) => ({ pageNum: p.pagination?.page ?? 1, pageSize: p.pagination?.perPage ?? 20 });
const filterOf = (p: GetListParams) => (p.filter ?? {}) as Record<string, unknown>;
const seconds = (v: unknown): number | undefined => {
  const s = text(v);
  if (!s) return undefined;
  const t = new Date(s).getTime();
  return Number.isFinite(t) ? Math.floor(t / 1000) : undefined;
};

/** A paged list call as react-admin wants it. */
function pagedResource<T extends RaRecord>(url: string, body: (p: GetListParams) => object, extra: Partial<DataProvider> = {}): Partial<DataProvider> {
  return {
    async getList<R extends RaRecord>(_r: string, p: GetListParams) {
      const page = await monitPost<Page<T>>(url, { ...paging(p), ...body(p) });
      return { data: page.list as unknown as R[], total: page.total };
    },
    ...extra,
  };
}

/** getOne / getMany from the list (these lists are small and owned by the caller). */
function fromList<T extends RaRecord>(url: string): Partial<DataProvider> {
  const all = async () => (await monitPost<Page<T>>(url, { pageNum: 1, pageSize: 1000 })).list;
  return {
    async getOne<R extends RaRecord>(_r: string, p: GetOneParams) {
      const found = (await all()).find((x) => String(x.id) === String(p.id));
      if (!found) throw new Error('ra.notification.item_doesnt_exist');
      return { data: found as unknown as R };
    },
    async getMany<R extends RaRecord>(_r: string, p: GetManyParams) {
      const ids = new Set(p.ids.map(String));
      return { data: (await all()).filter((x) => ids.has(String(x.id))) as unknown as R[] };
    },
  };
}

/**
 * The groups with their members, read once for every getManyReference asked at the same time: the
 * contacts screen asks one per group row, and the contract has no per-group member call.
 */
let groupsInFlight: Promise<ContactGroup[]> | null = null;
function allGroups(): Promise<ContactGroup[]> {
  groupsInFlight ??= monitPost<Page<ContactGroup>>('/monit/group/list', { pageNum: 1, pageSize: 1000 })
    .then((page) => page.list)
    .finally(() => { groupsInFlight = null; });
  return groupsInFlight;
}

const groupMembers: Partial<DataProvider> = {
  async getManyReference<R extends RaRecord>(resource: string, p: GetManyReferenceParams) {
    if (p.target !== 'groupId') throw new Error(`${resource}: getManyReference by '${p.target}' is not supported`);
    const group = (await allGroups()).find((g) => String(g.id) === String(p.id));
    const all = (group?.members ?? []).map((m) => memberRecord(Number(p.id), m));
    const { page = 1, perPage = all.length } = p.pagination ?? {};
    return { data: all.slice((page - 1) * perPage, page * perPage) as unknown as R[], total: all.length };
  },
  /** DELETE /monit/group/delete/{groupId}/{contactId}: the contact leaves the group. */
  async delete<R extends RaRecord>(_r: string, p: DeleteParams) {
    const [groupId, contactId] = String(p.id).split(':').map(Number);
    await monitDelete<ContactGroup>(`/monit/group/delete/${groupId}/${contactId}`);
    return { data: (p.previousData ?? { id: p.id }) as R };
  },
};

const contactBody = (d: Partial<Contact>) => ({
  name: d.name ?? '', email: d.email ?? '', mobile: d.mobile ?? '', webhook: d.webhook ?? '', language: d.language ?? 'zh', remark: d.remark ?? '',
});
const groupBody = (d: Partial<ContactGroup> & { contactIds?: number[] }) => ({ name: d.name ?? '', description: d.description ?? '', contactIds: d.contactIds ?? [] });
export type RuleInputRecord = Omit<AlertRule, 'id' | 'uuid' | 'state' | 'breaches' | 'lastValue' | 'evaluatedUntil' | 'createTime' | 'updateTime'>;
const ruleBody = (d: Partial<RuleInputRecord>) => ({
  name: d.name ?? '', domains: d.domains ?? [], metric: d.metric, period: Number(d.period), comparison: d.comparison, threshold: Number(d.threshold),
  consecutive: Number(d.consecutive ?? 1), groupIds: d.groupIds ?? [], channels: d.channels ?? [], repeatMinutes: Number(d.repeatMinutes ?? 0),
  muteWindows: d.muteWindows ?? [], timeZone: d.timeZone || 'Asia/Shanghai', enabled: d.enabled ?? true,
});

export const monitMethods = {
  async monitSendMsg(id: number): Promise<SendMsgReply> {
    return monitPost<SendMsgReply>('/monit/contacts/sendMsg', { id });
  },
  /** The rule (or none) with its domains and the selectable domains, decrypted (spec §7). */
  async monitRuleDetail(uuid?: string): Promise<{ rule: AlertRule | null; options: string[] }> {
    const reply = await monitPost<RuleDetailReply>('/monit/query/ruleDetail', uuid ? { uuid } : {});
    const domains = decryptJson<string[]>(reply.domains);
    return { rule: reply.rule ? ({ ...reply.rule, domains } as AlertRule) : null, options: decryptJson<string[]>(reply.options) };
  },
  async monitSetEnabled(uuid: string, enabled: boolean): Promise<AlertRule> {
    return enabled ? monitPut<AlertRule>('/monit/rule/enable', { uuid }) : monitGet<AlertRule>('/monit/rule/disable', { uuid });
  },
  async monitAlarms(body: { pageNum: number; pageSize: number; ruleName?: string; event?: string; startTime?: number; endTime?: number }): Promise<Page<AlarmRecord>> {
    return monitPost<Page<AlarmRecord>>('/monit/record/alarm', body);
  },
  async monitResource(body: { pageNum: number; pageSize: number; domain?: string; type?: string; event?: string; startTime?: number; endTime?: number; interval?: number }): Promise<ResourceReply> {
    return monitPost<ResourceReply>('/monit/record/resource', body);
  },
  async monitHistoryPage(body: Record<string, unknown>): Promise<Page<NotifyRecord>> {
    return monitPost<Page<NotifyRecord>>('/monit/notify/history', body);
  },
};

export const historyFilterBody = (f: Record<string, unknown>) => ({
  ruleName: text(f.ruleName), contact: text(f.contact), channel: text(f.channel), status: text(f.status), startTime: seconds(f.startTime), endTime: seconds(f.endTime),
});

export const monitModule = {
  resources: {
    [CONTACT_RESOURCE]: {
      ...pagedResource<Contact>('/monit/contacts/list', (p) => ({ keyword: text(filterOf(p).q) })),
      ...fromList<Contact>('/monit/contacts/list'),
      async create<R extends RaRecord>(_r: string, p: CreateParams) {
        return { data: (await monitPut<Contact>('/monit/contacts/add', contactBody(p.data as Partial<Contact>))) as unknown as R };
      },
      async update<R extends RaRecord>(_r: string, p: UpdateParams) {
        return { data: (await monitPost<Contact>('/monit/contacts/update', { id: Number(p.id), ...contactBody(p.data as Partial<Contact>) })) as unknown as R };
      },
      async delete<R extends RaRecord>(_r: string, p: DeleteParams) {
        await monitDelete(`/monit/contacts/delete/${Number(p.id)}`);
        return { data: p.previousData as R };
      },
    },
    [GROUP_RESOURCE]: {
      ...pagedResource<ContactGroup>('/monit/group/list', (p) => ({ keyword: text(filterOf(p).q) })),
      ...fromList<ContactGroup>('/monit/group/list'),
      async create<R extends RaRecord>(_r: string, p: CreateParams) {
        return { data: (await monitPut<ContactGroup>('/monit/group/add', groupBody(p.data as Partial<ContactGroup>))) as unknown as R };
      },
      async update<R extends RaRecord>(_r: string, p: UpdateParams) {
        return { data: (await monitPost<ContactGroup>('/monit/group/update', { id: Number(p.id), ...groupBody(p.data as Partial<ContactGroup>) })) as unknown as R };
      },
      async delete<R extends RaRecord>(_r: string, p: DeleteParams) {
        await monitDelete(`/monit/group/delete/${Number(p.id)}`);
        return { data: p.previousData as R };
      },
    },
    [RULE_RESOURCE]: {
      ...pagedResource<AlertRule>('/monit/rule/list', (p) => {
        const f = filterOf(p);
        return { keyword: text(f.q), state: text(f.state), metric: text(f.metric), enabled: f.enabled === undefined || f.enabled === '' ? undefined : f.enabled === true || f.enabled === 'true' };
      }),
      async getOne<R extends RaRecord>(_r: string, p: GetOneParams) {
        const list = (await monitPost<Page<AlertRule>>('/monit/rule/list', { pageNum: 1, pageSize: 1000 })).list;
        const found = list.find((x) => String(x.id) === String(p.id));
        if (!found) throw new Error('ra.notification.item_doesnt_exist');
        const detail = await monitMethods.monitRuleDetail(found.uuid);
        return { data: (detail.rule ?? found) as unknown as R };
      },
      async create<R extends RaRecord>(_r: string, p: CreateParams) {
        return { data: (await monitPut<AlertRule>('/monit/rule/add', ruleBody(p.data as Partial<RuleInputRecord>))) as unknown as R };
      },
      async update<R extends RaRecord>(_r: string, p: UpdateParams) {
        const prev = p.previousData as AlertRule;
        return { data: (await monitPost<AlertRule>('/monit/rule/update', { uuid: prev.uuid, ...ruleBody(p.data as Partial<RuleInputRecord>) })) as unknown as R };
      },
      async delete<R extends RaRecord>(_r: string, p: DeleteParams) {
        await monitDelete(`/monit/rule/delete/${(p.previousData as AlertRule | undefined)?.uuid ?? Number(p.id)}`);
        return { data: p.previousData as R };
      },
    },
    [GROUP_MEMBER_RESOURCE]: groupMembers,
    [HISTORY_RESOURCE]: pagedResource<NotifyRecord>('/monit/notify/history', (p) => historyFilterBody(filterOf(p))),
  },
  methods: monitMethods,
} satisfies ProviderModule<typeof monitMethods>;
