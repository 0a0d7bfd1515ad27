import { useState } from 'react';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import {
  CreateButton,
  Datagrid,
  DatagridBody,
  DatagridRow,
  DeleteWithConfirmButton,
  EditButton,
  FunctionField,
  List,
  ReferenceManyField,
  SearchInput,
  SingleFieldList,
  TextField as RaTextField,
  TopToolbar,
  useCreate,
  useDataProvider,
  useDelete,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  useUpdate,
} from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import { CONTACT_RESOURCE, GROUP_MEMBER_RESOURCE, GROUP_RESOURCE, type GroupMemberRecord } from '../../../dataProviders/monit/monitoring';
import { useCanOperate } from '../../../src/auth/useCanOperate';
import type { Contact, ContactGroup } from '../../../common/wire/monitoring';
import { nameProblem } from '../../../common/rules/monitoring';
import { PlainDatagrid } from '../../../src/kit/PlainDatagrid';
import { PortalPagination } from '../../../src/kit/PortalPagination';
import { PageHeading } from '../../../src/kit/PageHeading';
import { useNotifyError } from '../../../src/kit/errorText';
import { useSaveFailure } from '../../../src/kit/staleWrite';

const f = (name: string) => `resources.CMonit/alertContact.contacts.fields.${name}`;

function SendMsgButton() {
  const record = useRecordContext<Contact>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const t = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const send = async () => {
    setBusy(true);
    try {
      const reply = await dataProvider.monitSendMsg(record.id);
      const results = reply.results
        .map(
          (r) =>
            `${t(`resources.CMonit/alertRules.channels.${r.channel}`)}: ` +
            `${t(`resources.CMonit/alertHistory.statuses.${r.status}`)}${r.status === 'failed' ? ` (${r.reason})` : ''}`,
        )
        .join('; ');
      notify(t('resources.CMonit/alertContact.contacts.sendResult', { results }), {
        type: reply.results.every((r) => r.status === 'sent') ? 'success' : 'warning',
        autoHideDuration: 10000,
      });
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" startIcon={<SendOutlinedIcon />} onClick={() => void send()} disabled={busy} data-testid="contact-send">
      {t('resources.CMonit/alertContact.contacts.sendMsg')}
    </Button>
  );
}

/** Add or edit a group (resource CMonit/alertGroup: PUT /monit/group/add, POST /monit/group/update). */
function GroupDialog({ group, onClose }: { group: ContactGroup | 'new'; onClose: () => void }) {
  const t = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  // A stale edit keeps the dialog as typed; 'reload' closes it and reads the list again.
  const { onError, staleDialog } = useSaveFailure({
    onReload: () => {
      refresh();
      onClose();
    },
  });
  const { data: contacts } = useGetList<Contact>(CONTACT_RESOURCE, {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'createTime', order: 'DESC' },
  });
  const [create, { isPending: creating }] = useCreate<ContactGroup>();
  const [update, { isPending: updating }] = useUpdate<ContactGroup>();
  const initial = group === 'new' ? null : group;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [members, setMembers] = useState<number[]>(initial?.members.map((m) => m.id) ?? []);
  const problem = nameProblem(name);
  const [touched, setTouched] = useState(false);
  const options = {
    // the contacts' group column and the member chips change too
    onSuccess: () => {
      notify('resources.CMonit/alertContact.success', { type: 'success' });
      refresh();
      onClose();
    },
    onError,
  };
  const save = () => {
    setTouched(true);
    if (problem) return;
    const data = { name, description, contactIds: members };
    if (initial) void update(GROUP_RESOURCE, { id: initial.id, data, previousData: initial }, { mutationMode: 'pessimistic', ...options });
    else void create(GROUP_RESOURCE, { data }, options);
  };
  const choices = contacts ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(initial ? 'resources.CMonit/alertContact.groups.edit' : 'resources.CMonit/alertContact.groups.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={t('resources.CMonit/alertContact.groups.fields.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            inputProps={{ 'data-testid': 'group-name' }}
            error={touched && !!problem}
            helperText={touched && problem ? t(`resources.CMonit/alertContact.problems.${problem}`) : ' '}
          />
          <TextField
            label={t('resources.CMonit/alertContact.groups.fields.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
          />
          <Autocomplete
            multiple
            options={choices.map((c) => c.id)}
            value={members}
            onChange={(_e, v) => setMembers(v)}
            getOptionLabel={(id) => choices.find((c) => c.id === id)?.name ?? String(id)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('resources.CMonit/alertContact.groups.fields.members')}
                inputProps={{ ...params.inputProps, 'data-testid': 'group-members' }}
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={creating || updating} data-testid="group-save">
          {t('ra.action.save')}
        </Button>
      </DialogActions>
      {staleDialog}
    </Dialog>
  );
}

/** One member of a group (sub-resource alertGroupMembers); removing it takes the contact out of the group. */
function MemberChip() {
  const m = useRecordContext<GroupMemberRecord>();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefresh();
  const t = useTranslate();
  const operate = useCanOperate(GROUP_MEMBER_RESOURCE);
  const [remove] = useDelete<GroupMemberRecord>();
  if (!m) return null;
  const onDelete = () =>
    void remove(
      GROUP_MEMBER_RESOURCE,
      { id: m.id, previousData: m },
      {
        mutationMode: 'pessimistic',
        // the contacts' group column and the group's row change too
        onSuccess: () => {
          notify('resources.CMonit/alertContact.success', { type: 'success' });
          refresh();
        },
        onError: (e) => notifyError(e),
      },
    );
  return (
    <Chip
      size="small"
      label={m.name}
      onDelete={operate ? onDelete : undefined}
      title={operate ? t('resources.CMonit/alertContact.groups.removeMember', { name: m.name }) : undefined}
    />
  );
}

/** The group's members as chips, read through the members sub-resource (target 'groupId'); `label` names the column. */
function MemberChips(_props: { label: string }) {
  const group = useRecordContext<ContactGroup>();
  if (!group) return null;
  return (
    <ReferenceManyField reference={GROUP_MEMBER_RESOURCE} target="groupId" perPage={1000}>
      <SingleFieldList linkType={false} gap={0.5} flexWrap="wrap">
        <MemberChip />
      </SingleFieldList>
    </ReferenceManyField>
  );
}

/** A group row's edit (the dialog) and delete (DELETE /monit/group/delete/{id}) buttons. */
function GroupActions({ onEdit }: { onEdit: (g: ContactGroup) => void }) {
  const g = useRecordContext<ContactGroup>();
  const t = useTranslate();
  const refresh = useRefresh();
  if (!g) return null;
  return (
    <Stack direction="row" sx={{ whiteSpace: 'nowrap' }}>
      <Button size="small" onClick={() => onEdit(g)} data-testid="group-edit">
        {t('ra.action.edit')}
      </Button>
      {/* the rules' and the contacts' group columns change too */}
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        redirect={false}
        confirmTitle="resources.CMonit/alertContact.confirmDelete"
        translateOptions={{ name: g.name }}
        successMessage="resources.CMonit/alertContact.success"
        mutationOptions={{ onSettled: () => refresh() }}
      />
    </Stack>
  );
}

/**
 * The contact groups: resource CMonit/alertGroup (a sub-resource of this screen, no route of its own),
 * paged and searched by the server (POST /monit/group/list). Write buttons only with the operation right.
 */
function GroupsPanel({ operate }: { operate: boolean }) {
  const t = useTranslate();
  const [editing, setEditing] = useState<ContactGroup | 'new' | null>(null);
  return (
    <Box sx={{ mt: 4 }} data-testid="groups-panel">
      <Typography variant="h6" component="h2">
        {t('resources.CMonit/alertContact.contacts.groupsTitle')}
      </Typography>
      <List
        resource={GROUP_RESOURCE}
        title={false}
        disableSyncWithLocation
        storeKey={false}
        perPage={10}
        sort={{ field: 'createTime', order: 'DESC' }}
        empty={false}
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder={t('resources.CMonit/alertContact.groups.search')} sx={{ minWidth: 260 }} />,
        ]}
        actions={
          <TopToolbar>
            {operate && (
              <Button variant="outlined" size="small" onClick={() => setEditing('new')} data-testid="group-add">
                {t('resources.CMonit/alertContact.groups.add')}
              </Button>
            )}
          </TopToolbar>
        }
        pagination={<PortalPagination />}
      >
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          hover={false}
          body={<DatagridBody row={<DatagridRow data-testid="group-row" />} />}
          empty={
            <Typography sx={{ p: 2 }} color="text.secondary">
              {t('resources.CMonit/alertContact.groups.empty')}
            </Typography>
          }
        >
          <RaTextField source="name" label="resources.CMonit/alertContact.groups.fields.name" sortable={false} />
          <RaTextField source="description" label="resources.CMonit/alertContact.groups.fields.description" sortable={false} />
          <MemberChips label="resources.CMonit/alertContact.groups.fields.members" />
          {operate && <GroupActions onEdit={setEditing} />}
        </Datagrid>
      </List>
      {editing && <GroupDialog group={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

/** /CMonit/alertContact: the contacts (paged, searchable, test message) and the contact groups. */
export function ContactList() {
  const t = useTranslate();
  const refresh = useRefresh();
  const operate = useCanOperate(CONTACT_RESOURCE);
  return (
    <Box>
      <PageHeading>{t('resources.CMonit/alertContact.contacts.title')}</PageHeading>
      <List
        title={t('resources.CMonit/alertContact.contacts.title')}
        perPage={20}
        sort={{ field: 'createTime', order: 'DESC' }}
        empty={false}
        filters={[
          <SearchInput
            key="q"
            source="q"
            alwaysOn
            placeholder={t('resources.CMonit/alertContact.contacts.search')}
            sx={{ minWidth: 260 }}
          />,
        ]}
        actions={<TopToolbar>{operate && <CreateButton label="resources.CMonit/alertContact.contacts.add" />}</TopToolbar>}
        pagination={<PortalPagination />}
      >
        <PlainDatagrid emptyText="resources.CMonit/alertContact.contacts.empty">
          <RaTextField source="name" label={f('name')} sortable={false} />
          <RaTextField source="email" label={f('email')} sortable={false} />
          <RaTextField source="mobile" label={f('mobile')} sortable={false} />
          <FunctionField<Contact> label={f('webhook')} render={(r) => <span style={{ wordBreak: 'break-all' }}>{r.webhook}</span>} />
          <FunctionField<Contact>
            label={f('language')}
            render={(r) => t(`resources.CMonit/alertContact.contacts.languages.${r.language}`)}
          />
          <FunctionField<Contact> label={f('groups')} render={(r) => r.groups.join(', ')} />
          <RaTextField source="remark" label={f('remark')} sortable={false} />
          {operate && <SendMsgButton />}
          {operate && <EditButton />}
          {/* the groups' member chips change too */}
          {operate && (
            <DeleteWithConfirmButton mutationMode="pessimistic" redirect={false} mutationOptions={{ onSettled: () => refresh() }} />
          )}
        </PlainDatagrid>
      </List>
      <GroupsPanel operate={operate} />
    </Box>
  );
}
