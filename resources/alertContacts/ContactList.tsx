import { useState } from 'react';
import {
  Autocomplete, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography,
} from '@mui/material';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import {
  CreateButton, Datagrid, DeleteWithConfirmButton, EditButton, FunctionField, List, Pagination, RecordContextProvider, SearchInput, TextField as RaTextField, TopToolbar,
  useDataProvider, useGetList, useNotify, useRecordContext, useRefresh, useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../dataProviders';
import { CONTACT_RESOURCE, GROUP_RESOURCE } from '../../dataProviders/monit/monit';
import type { Contact, ContactGroup } from '../../common/wire/monitTypes';
import { nameProblem } from '../../common/rules/monitRules';
import { paginationLabels } from '../alertHistory/paginationLabels';

const f = (name: string) => `resources.CMonit/alertContact.contacts.fields.${name}`;

function SendMsgButton() {
  const record = useRecordContext<Contact>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const t = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const send = async () => {
    setBusy(true);
    try {
      const reply = await dataProvider.monitSendMsg(record.id);
      const results = reply.results.map((r) => `${t(`resources.CMonit/alertRules.channels.${r.channel}`)}: ${t(`resources.CMonit/alertHistory.statuses.${r.status}`)}${r.status === 'failed' ? ` (${r.reason})` : ''}`).join('; ');
      notify(t('resources.CMonit/alertContact.contacts.sendResult', { results }), { type: reply.results.every((r) => r.status === 'sent') ? 'success' : 'warning', autoHideDuration: 10000 });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
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

function GroupDialog({ group, onClose }: { group: ContactGroup | 'new'; onClose: () => void }) {
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const { data: contacts } = useGetList<Contact>(CONTACT_RESOURCE, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'createTime', order: 'DESC' } });
  const initial = group === 'new' ? null : group;
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [members, setMembers] = useState<number[]>(initial?.members.map((m) => m.id) ?? []);
  const [saving, setSaving] = useState(false);
  const problem = nameProblem(name);
  const [touched, setTouched] = useState(false);
  const save = async () => {
    setTouched(true);
    if (problem) return;
    setSaving(true);
    try {
      const data = { name, description, contactIds: members };
      if (initial) await dataProvider.update(GROUP_RESOURCE, { id: initial.id, data, previousData: initial });
      else await dataProvider.create(GROUP_RESOURCE, { data });
      notify('resources.CMonit/alertContact.success', { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const options = contacts ?? [];
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(initial ? 'resources.CMonit/alertContact.groups.edit' : 'resources.CMonit/alertContact.groups.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label={t('resources.CMonit/alertContact.groups.fields.name')} value={name} onChange={(e) => setName(e.target.value)} required inputProps={{ 'data-testid': 'group-name' }}
            error={touched && !!problem} helperText={touched && problem ? t(`resources.CMonit/alertContact.problems.${problem}`) : ' '} />
          <TextField label={t('resources.CMonit/alertContact.groups.fields.description')} value={description} onChange={(e) => setDescription(e.target.value)} multiline />
          <Autocomplete multiple options={options.map((c) => c.id)} value={members} onChange={(_e, v) => setMembers(v)}
            getOptionLabel={(id) => options.find((c) => c.id === id)?.name ?? String(id)}
            renderInput={(params) => <TextField {...params} label={t('resources.CMonit/alertContact.groups.fields.members')} inputProps={{ ...params.inputProps, 'data-testid': 'group-members' }} />} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="group-save">{t('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function MemberChips() {
  const group = useRecordContext<ContactGroup>();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useTranslate();
  if (!group) return null;
  const remove = async (contactId: number) => {
    try {
      await dataProvider.monitRemoveMember(group.id, contactId);
      notify('resources.CMonit/alertContact.success', { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {group.members.map((m) => (
        <Chip key={m.id} size="small" label={m.name} onDelete={() => void remove(m.id)} title={t('resources.CMonit/alertContact.groups.removeMember', { name: m.name })} />
      ))}
    </Stack>
  );
}

function GroupsPanel() {
  const t = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [editing, setEditing] = useState<ContactGroup | 'new' | null>(null);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(10);
  // Groups are part of this screen (not a registered resource of their own): read with useGetList.
  const { data, total } = useGetList<ContactGroup>(GROUP_RESOURCE, { pagination: { page: page + 1, perPage }, sort: { field: 'createTime', order: 'DESC' } });
  const remove = async (g: ContactGroup) => {
    if (!window.confirm(t('resources.CMonit/alertContact.confirmDelete', { name: g.name }))) return;
    try {
      await dataProvider.delete(GROUP_RESOURCE, { id: g.id, previousData: g });
      notify('resources.CMonit/alertContact.success', { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  return (
    <Box sx={{ mt: 4 }} data-testid="groups-panel">
      <Stack direction="row" alignItems="center" justifyContent="space-between">
        <Typography variant="h6" component="h2">{t('resources.CMonit/alertContact.contacts.groupsTitle')}</Typography>
        <Button variant="outlined" size="small" onClick={() => setEditing('new')} data-testid="group-add">{t('resources.CMonit/alertContact.groups.add')}</Button>
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('resources.CMonit/alertContact.groups.fields.name')}</TableCell>
            <TableCell>{t('resources.CMonit/alertContact.groups.fields.description')}</TableCell>
            <TableCell>{t('resources.CMonit/alertContact.groups.fields.members')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((g) => (
            <TableRow key={g.id} data-testid="group-row">
              <TableCell>{g.name}</TableCell>
              <TableCell>{g.description}</TableCell>
              <TableCell><RecordContextProvider value={g}><MemberChips /></RecordContextProvider></TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" onClick={() => setEditing(g)}>{t('ra.action.edit')}</Button>
                <Button size="small" color="error" onClick={() => void remove(g)}>{t('ra.action.delete')}</Button>
              </TableCell>
            </TableRow>
          ))}
          {data && !data.length && <TableRow><TableCell colSpan={4}><Typography color="text.secondary">{t('resources.CMonit/alertContact.groups.empty')}</Typography></TableCell></TableRow>}
        </TableBody>
      </Table>
      <TablePagination component="div" {...paginationLabels(t)} count={total ?? 0} page={page} rowsPerPage={perPage} rowsPerPageOptions={[10, 20, 50]}
        onPageChange={(_e, p) => setPage(p)} onRowsPerPageChange={(e) => { setPerPage(Number(e.target.value)); setPage(0); }} />
      {editing && <GroupDialog group={editing} onClose={() => setEditing(null)} />}
    </Box>
  );
}

/** /CMonit/alertContact: the contacts (paged, searchable, test message) and the contact groups. */
export function ContactList() {
  const t = useTranslate();
  return (
    <Box>
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>{t('resources.CMonit/alertContact.contacts.title')}</Typography>
      <List title={t('resources.CMonit/alertContact.contacts.title')} perPage={20} sort={{ field: 'createTime', order: 'DESC' }} empty={false}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={t('resources.CMonit/alertContact.contacts.search')} sx={{ minWidth: 260 }} />]}
        actions={<TopToolbar><CreateButton label="resources.CMonit/alertContact.contacts.add" /></TopToolbar>}
        pagination={<Pagination rowsPerPageOptions={[10, 20, 50, 100]} />}>
        <Datagrid bulkActionButtons={false} rowClick={false} empty={<Typography sx={{ p: 2 }} color="text.secondary">{t('resources.CMonit/alertContact.contacts.empty')}</Typography>}>
          <RaTextField source="name" label={f('name')} sortable={false} />
          <RaTextField source="email" label={f('email')} sortable={false} />
          <RaTextField source="mobile" label={f('mobile')} sortable={false} />
          <FunctionField<Contact> label={f('webhook')} render={(r) => <span style={{ wordBreak: 'break-all' }}>{r.webhook}</span>} />
          <FunctionField<Contact> label={f('language')} render={(r) => t(`resources.CMonit/alertContact.contacts.languages.${r.language}`)} />
          <FunctionField<Contact> label={f('groups')} render={(r) => r.groups.join(', ')} />
          <RaTextField source="remark" label={f('remark')} sortable={false} />
          <SendMsgButton />
          <EditButton />
          <DeleteWithConfirmButton mutationMode="pessimistic" redirect={false} />
        </Datagrid>
      </List>
      <GroupsPanel />
    </Box>
  );
}
