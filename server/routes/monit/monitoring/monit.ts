import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TypedRoutes } from '../../../lib/typeProvider';
import { moduleAccess } from '../../../plugins/guard';
import { fail, monitOk, notFound } from '../../../lib/envelope';
import { writeIfUnchanged } from '../../../lib/staleWrite';
import {
  contactNameTaken,
  deleteContact,
  deleteGroup,
  deleteRule,
  getContact,
  getGroup,
  getRule,
  groupNameTaken,
  insertContact,
  insertGroup,
  insertRule,
  listAlarms,
  listContacts,
  listGroups,
  listNotifications,
  listRules,
  ownContactIds,
  ownGroupIds,
  removeMember,
  ruleNameTaken,
  setRuleEnabled,
  updateContact,
  updateGroup,
  updateRule,
  type ContactFields,
  type RuleFields,
  recordTestMessage,
  withReach,
  type RuleRow,
} from '../../../stores/config/monitoring';
import { listDomainNames } from '../../../stores/config/domains';
import { ippIpMap } from '../../../stores/config/ipProtection';
import { listWebsites } from '../../../stores/config/websites';
import { ensureProbeTable, probeRecords } from '../../../stores/traffic/monitoringProbe';
import { deliver, deliverySettings } from '../../../lib/monitDelivery';
import {
  contactProblems,
  GROUP_MEMBERS_MAX,
  MONIT_CHANNELS,
  nameProblem,
  REMARK_MAX,
  RESTORE_AFTER_DEFAULT,
  ruleProblems,
  targetKind,
  type MonitProblem,
  type RuleTargetKind,
} from '../../../../common/rules/monitoring';
import {
  AlarmRecordQuerySchema,
  ContactAddSchema,
  ContactUpdateSchema,
  GroupAddSchema,
  GroupMemberParams,
  GroupUpdateSchema,
  MonitListQuerySchema,
  NotifyHistoryQuerySchema,
  ResourceQuerySchema,
  RuleAddSchema,
  RuleDetailQuerySchema,
  RuleKeyParams,
  RuleListQuerySchema,
  RuleUpdateSchema,
  RuleUuidSchema,
  type ChannelResult,
  type ContactAdd,
  type RuleAdd,
  type RuleDetailReply,
  type SendMsgReply,
} from '../../../../common/wire/monitoring';
import { Id32Body, Id32Params } from '../../../../common/wire/shell/schemas';
import type { ServerMessageKey } from '../../../../i18n/serverMessages';
import { fillNotice, MONIT_NOTICES } from '../../../../i18n/server/monitoring';

/**
 * Cloud monitoring (issue #20; contract rows /monit/*, module cloudMonit; success code "200").
 * Contacts, groups and rules belong to the caller's account (spec §3): every read and write is
 * limited to it, and another account's record answers like a missing one. The server validates
 * everything the forms validate (common/rules/monitRules.ts) and names unique per account.
 */

const { view, operation } = moduleAccess('cloudMonit');

const PROBLEM_KEYS: Record<MonitProblem, ServerMessageKey> = {
  nameEmpty: 'monitNameEmpty',
  nameTooLong: 'monitNameTooLong',
  emailFormat: 'monitEmailFormat',
  mobileFormat: 'monitMobileFormat',
  webhookFormat: 'monitWebhookFormat',
  channelRequired: 'monitChannelRequired',
  remarkTooLong: 'monitRemarkTooLong',
  domainsRequired: 'monitDomainsRequired',
  domainsTooMany: 'monitDomainsTooMany',
  thresholdFormat: 'monitThresholdFormat',
  thresholdRange: 'monitThresholdRange',
  consecutiveRange: 'monitConsecutiveRange',
  restoreAfterRange: 'monitRestoreAfterRange',
  groupsRequired: 'monitGroupsRequired',
  channelsRequired: 'monitChannelsRequired',
  muteFormat: 'monitMuteFormat',
  muteTooMany: 'monitMuteTooMany',
  membersTooMany: 'monitMembersTooMany',
};
const refuse = (problems: Partial<Record<string, MonitProblem>>) => {
  const first = Object.values(problems)[0];
  if (first) throw fail(PROBLEM_KEYS[first]);
};

const page = (b: { pageNum?: number; pageSize?: number }) => ({ pageNum: b.pageNum ?? 1, pageSize: b.pageSize ?? 20 });
const clean = (s: string | undefined) => (s && s.trim() ? s.trim() : undefined);
const account = (request: FastifyRequest) => request.user!.account;

function contactFields(b: ContactAdd): ContactFields {
  const c = {
    name: b.name.trim(),
    email: (b.email ?? '').trim(),
    mobile: (b.mobile ?? '').trim(),
    webhook: (b.webhook ?? '').trim(),
    language: b.language ?? 'zh',
    remark: (b.remark ?? '').trim(),
  };
  refuse(contactProblems(c));
  return c;
}

function validTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export const monitRoutes: TypedRoutes = async (app) => {
  await ensureProbeTable(app.traffic);

  /**
   * What the caller may choose as a rule's targets (its account scope): accelerated domain names, or
   * for the security metrics protected origin IPs and website domains.
   */
  const selectable = async (request: FastifyRequest, kind: RuleTargetKind): Promise<string[]> => {
    const scope = await request.scope();
    const accounts = scope.all ? null : scope.accounts;
    if (kind === 'ips') return [...new Set((await ippIpMap(app.db, accounts)).map((e) => e.originIp.toLowerCase()))].sort();
    if (kind === 'websites') return (await listWebsites(app.db, accounts)).map((w) => w.domain.toLowerCase()).sort();
    return (await listDomainNames(app.db, accounts)).map((d) => d.name);
  };
  const UNKNOWN_TARGET: Record<RuleTargetKind, ServerMessageKey> = {
    domains: 'monitUnknownDomain',
    ips: 'monitUnknownIp',
    websites: 'monitUnknownWebsite',
  };
  /** The wire rule of a row, with the members it cannot reach. */
  const wireRule = async (row: RuleRow | null) => (row ? (await withReach(app.db, [row]))[0] : null);

  const ruleFields = async (request: FastifyRequest, b: RuleAdd): Promise<RuleFields> => {
    const domains = [...new Set(b.domains.map((d) => d.trim().toLowerCase()).filter(Boolean))];
    const r: RuleFields = {
      name: b.name.trim(),
      domains,
      metric: b.metric,
      period: b.period,
      comparison: b.comparison,
      threshold: b.threshold,
      consecutive: b.consecutive ?? 1,
      restoreAfter: b.restoreAfter ?? RESTORE_AFTER_DEFAULT,
      groupIds: [...new Set(b.groupIds)],
      channels: [...new Set(b.channels)],
      repeatMinutes: b.repeatMinutes ?? 0,
      muteWindows: b.muteWindows ?? [],
      timeZone: b.timeZone ?? 'Asia/Shanghai',
      enabled: b.enabled ?? true,
    };
    refuse(ruleProblems(r));
    if (!validTimeZone(r.timeZone)) throw fail('monitTimeZone');
    const kind = targetKind(r.metric);
    const mine = new Set(await selectable(request, kind));
    const foreign = r.domains.find((d) => !mine.has(d));
    if (foreign) throw fail({ text: request.t(UNKNOWN_TARGET[kind]).replace('{domain}', foreign) });
    if ((await ownGroupIds(app.db, account(request), r.groupIds)).length !== r.groupIds.length) throw fail('monitUnknownGroup');
    return r;
  };

  const memberIds = async (request: FastifyRequest, ids: number[] | undefined): Promise<number[] | undefined> => {
    if (!ids) return undefined;
    const unique = [...new Set(ids)];
    if (unique.length > GROUP_MEMBERS_MAX) throw fail('monitMembersTooMany');
    if ((await ownContactIds(app.db, account(request), unique)).length !== unique.length) throw fail('monitUnknownContact');
    return unique;
  };

  const groupBasics = (b: { name: string; description?: string }) => {
    const name = b.name.trim();
    const n = nameProblem(name);
    if (n) throw fail(PROBLEM_KEYS[n]);
    const description = (b.description ?? '').trim();
    if ([...description].length > REMARK_MAX) throw fail('monitRemarkTooLong');
    return { name, description };
  };

  // ------------------------------------------------------------ contacts
  app.post('/monit/contacts/list', { config: view, schema: { body: MonitListQuerySchema } }, async (request) => {
    const b = request.body;
    return monitOk(await listContacts(app.db, account(request), { ...page(b), keyword: clean(b.keyword) }));
  });

  app.put('/monit/contacts/add', { config: operation, schema: { body: ContactAddSchema } }, async (request) => {
    const c = contactFields(request.body);
    if (await contactNameTaken(app.db, account(request), c.name)) throw fail('monitContactNameTaken');
    const id = await insertContact(app.db, account(request), c);
    return monitOk(await getContact(app.db, account(request), id), request.t('monitSuccess'));
  });

  app.post('/monit/contacts/update', { config: operation, schema: { body: ContactUpdateSchema } }, async (request) => {
    const b = request.body;
    if (!(await getContact(app.db, account(request), b.id))) throw notFound();
    const c = contactFields(b);
    if (await contactNameTaken(app.db, account(request), c.name, b.id)) throw fail('monitContactNameTaken');
    if (!(await writeIfUnchanged(request, 'monit_contacts', b.id, b.updateTime, (db) => updateContact(db, account(request), b.id, c)))) {
      throw notFound();
    }
    return monitOk(await getContact(app.db, account(request), b.id), request.t('monitSuccess'));
  });

  app.delete('/monit/contacts/delete/:id', { config: operation, schema: { params: Id32Params } }, async (request) => {
    const { id } = request.params;
    if (!(await deleteContact(app.db, account(request), id))) throw notFound();
    return monitOk(null, request.t('monitSuccess'));
  });

  // A real message through each channel the contact has, reported per channel (and kept in the history).
  app.post('/monit/contacts/sendMsg', { config: operation, schema: { body: Id32Body } }, async (request) => {
    const { id } = request.body;
    const c = await getContact(app.db, account(request), id);
    if (!c) throw notFound();
    const t = MONIT_NOTICES[c.language];
    const text = fillNotice(t.test, { contact: c.name });
    const settings = deliverySettings(app.config);
    const results: ChannelResult[] = [];
    for (const channel of MONIT_CHANNELS) {
      const target = channel === 'email' ? c.email : channel === 'sms' ? c.mobile : c.webhook;
      if (!target) continue;
      const payload = { event: 'test', account: account(request), contact: c.name, time: new Date().toISOString(), text };
      const r = await deliver({ channel, target, subject: t.subjectTest, text, language: c.language, payload }, settings);
      results.push({ channel, target, status: r.status, reason: r.reason });
      await recordTestMessage(app.db, account(request), {
        contactId: c.id,
        contactName: c.name,
        channel,
        target,
        status: r.status,
        reason: r.reason,
        subject: t.subjectTest,
        content: text,
        payload,
      });
    }
    return monitOk<SendMsgReply>({ results }, request.t('monitSuccess'));
  });

  // ------------------------------------------------------------ groups
  app.post('/monit/group/list', { config: view, schema: { body: MonitListQuerySchema } }, async (request) => {
    const b = request.body;
    return monitOk(await listGroups(app.db, account(request), { ...page(b), keyword: clean(b.keyword) }));
  });

  app.put('/monit/group/add', { config: operation, schema: { body: GroupAddSchema } }, async (request) => {
    const b = request.body;
    const g = groupBasics(b);
    const contactIds = (await memberIds(request, b.contactIds)) ?? [];
    if (await groupNameTaken(app.db, account(request), g.name)) throw fail('monitGroupNameTaken');
    const id = await insertGroup(app.db, account(request), { ...g, contactIds });
    return monitOk(await getGroup(app.db, account(request), id), request.t('monitSuccess'));
  });

  app.post('/monit/group/update', { config: operation, schema: { body: GroupUpdateSchema } }, async (request) => {
    const b = request.body;
    if (!(await getGroup(app.db, account(request), b.id))) throw notFound();
    const g = groupBasics(b);
    const contactIds = await memberIds(request, b.contactIds);
    if (await groupNameTaken(app.db, account(request), g.name, b.id)) throw fail('monitGroupNameTaken');
    const saved = await writeIfUnchanged(request, 'monit_groups', b.id, b.updateTime, (db) =>
      updateGroup(db, account(request), b.id, { ...g, contactIds }),
    );
    if (!saved) throw notFound();
    return monitOk(await getGroup(app.db, account(request), b.id), request.t('monitSuccess'));
  });

  app.delete('/monit/group/delete/:id', { config: operation, schema: { params: Id32Params } }, async (request) => {
    const { id } = request.params;
    if (!(await deleteGroup(app.db, account(request), id))) throw notFound();
    return monitOk(null, request.t('monitSuccess'));
  });

  app.delete('/monit/group/delete/:groupId/:contactId', { config: operation, schema: { params: GroupMemberParams } }, async (request) => {
    const { groupId, contactId } = request.params;
    if (!(await removeMember(app.db, account(request), groupId, contactId))) throw notFound();
    return monitOk(await getGroup(app.db, account(request), groupId), request.t('monitSuccess'));
  });

  // ------------------------------------------------------------ rules
  app.post('/monit/rule/list', { config: view, schema: { body: RuleListQuerySchema } }, async (request) => {
    const b = request.body;
    return monitOk(
      await listRules(app.db, account(request), {
        ...page(b),
        keyword: clean(b.keyword),
        enabled: b.enabled,
        state: b.state,
        metric: b.metric,
      }),
    );
  });

  app.put('/monit/rule/add', { config: operation, schema: { body: RuleAddSchema } }, async (request) => {
    const r = await ruleFields(request, request.body);
    if (await ruleNameTaken(app.db, account(request), r.name)) throw fail('monitRuleNameTaken');
    const uuid = crypto.randomUUID();
    await insertRule(app.db, account(request), uuid, r, request.user!.username);
    return monitOk(await wireRule(await getRule(app.db, account(request), uuid)), request.t('monitSuccess'));
  });

  app.post('/monit/rule/update', { config: operation, schema: { body: RuleUpdateSchema } }, async (request) => {
    const b = request.body;
    const existing = await getRule(app.db, account(request), b.uuid);
    if (!existing || /^\d+$/.test(b.uuid)) throw notFound();
    const r = await ruleFields(request, b);
    if (await ruleNameTaken(app.db, account(request), r.name, existing.id)) throw fail('monitRuleNameTaken');
    if (
      !(await writeIfUnchanged(request, 'monit_rules', existing.id, b.updateTime, (db) => updateRule(db, account(request), existing.id, r)))
    ) {
      throw notFound();
    }
    return monitOk(await wireRule(await getRule(app.db, account(request), existing.id)), request.t('monitSuccess'));
  });

  const toggle = (enabled: boolean) => async (request: FastifyRequest, uuid: string) => {
    const existing = /^\d+$/.test(uuid) ? null : await getRule(app.db, account(request), uuid);
    if (!existing || !(await setRuleEnabled(app.db, account(request), existing.id, enabled))) throw notFound();
    return monitOk(await wireRule(await getRule(app.db, account(request), existing.id)), request.t('monitSuccess'));
  };
  const enable = toggle(true);
  const disable = toggle(false);
  app.put('/monit/rule/enable', { config: operation, schema: { body: RuleUuidSchema } }, async (request) =>
    enable(request, request.body.uuid),
  );
  app.get('/monit/rule/disable', { config: operation, schema: { querystring: RuleUuidSchema } }, async (request) =>
    disable(request, request.query.uuid),
  );

  // {id}: the rule's uuid (or its numeric id).
  app.delete('/monit/rule/delete/:id', { config: operation, schema: { params: RuleKeyParams } }, async (request) => {
    const { id } = request.params;
    const existing = await getRule(app.db, account(request), id);
    if (!existing || !(await deleteRule(app.db, account(request), existing.id))) throw notFound();
    return monitOk(null, request.t('monitSuccess'));
  });

  // The rule (without uuid: none) and, AES-encrypted (spec §7), its domains and the selectable domains.
  app.post('/monit/query/ruleDetail', { config: view, schema: { body: RuleDetailQuerySchema } }, async (request) => {
    const { uuid } = request.body;
    let rule: RuleDetailReply['rule'] = null;
    let domains: string[] = [];
    if (uuid) {
      const row = /^\d+$/.test(uuid) ? null : await getRule(app.db, account(request), uuid);
      if (!row) throw notFound();
      const { domains: d, ...rest } = (await wireRule(row))!;
      rule = rest;
      domains = d;
    }
    return monitOk<RuleDetailReply>({
      rule,
      domains: app.cipher.encryptJson(domains),
      options: app.cipher.encryptJson(await selectable(request, 'domains')),
      ipOptions: app.cipher.encryptJson(await selectable(request, 'ips')),
      websiteOptions: app.cipher.encryptJson(await selectable(request, 'websites')),
    });
  });

  // ------------------------------------------------------------ history and records
  app.post('/monit/notify/history', { config: view, schema: { body: NotifyHistoryQuerySchema } }, async (request) => {
    const b = request.body;
    return monitOk(
      await listNotifications(app.db, account(request), {
        ...page(b),
        startTime: b.startTime,
        endTime: b.endTime,
        ruleName: clean(b.ruleName),
        contact: clean(b.contact),
        channel: b.channel,
        status: b.status,
      }),
    );
  });

  app.post('/monit/record/alarm', { config: view, schema: { body: AlarmRecordQuerySchema } }, async (request) => {
    const b = request.body;
    return monitOk(
      await listAlarms(app.db, account(request), {
        ...page(b),
        startTime: b.startTime,
        endTime: b.endTime,
        ruleName: clean(b.ruleName),
        ruleUuid: clean(b.uuid),
        event: b.event,
      }),
    );
  });

  app.post('/monit/record/resource', { config: view, schema: { body: ResourceQuerySchema } }, async (request) => {
    const b = request.body;
    const scope = await request.scope();
    const now = Math.floor(Date.now() / 1000);
    const endTime = b.endTime ?? now;
    const startTime = b.startTime ?? endTime - 86_400;
    const p = page(b);
    const reply = await probeRecords(app.traffic, {
      accounts: scope.all ? null : scope.accounts,
      domain: clean(b.domain)?.toLowerCase(),
      type: b.type,
      event: b.event,
      startTime,
      endTime,
      intervalMinutes: b.interval ?? 60,
      ...p,
    });
    return monitOk({ ...reply, pageNum: p.pageNum });
  });
};
