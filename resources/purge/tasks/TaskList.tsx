import { useState } from 'react';
import { Button } from '@mui/material';
import {
  Datagrid,
  DateTimeInput,
  FunctionField,
  TextInput,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { PortalDataProvider } from '../../../dataProviders';
import { useCanOperate } from '../../../src/auth/useCanOperate';
import type { PurgeTask, PurgeTaskUrl } from '../../../common/wire/purge';
import { PURGE_STATUSES } from '../../../common/rules/purge';
import { formatDateTime } from '../../../src/lib/dateTime';
import { TaskDetail } from './TaskDetail';
import { formatDuration, isOpen, Progress, StatusChip, TASK_POLL_MS } from './taskUi';
import { ListEmpty } from '../../../src/kit/QueryView';
import { PortalList } from '../../../src/kit/PortalList';
import { ListActions, listExporter, namedChoices, selectFilter, type ExportColumns } from '../../../src/kit/ListParts';
import { usePollWhile } from '../../../src/kit/usePollWhile';
import { useNotifyError } from '../../../src/kit/errorText';

const label = (f: string) => `resources.cdn/newsearchTask.fields.${f}`;

function filtersFor(prefetch: boolean) {
  return [
    selectFilter('status', label('status'), namedChoices(PURGE_STATUSES, 'resources.cdn/newsearchTask.status'), { minWidth: 140 }),
    ...(prefetch
      ? []
      : [selectFilter('type', label('kind'), namedChoices(['url', 'dir'], 'resources.cdn/newsearchTask.kind'), { minWidth: 140 })]),
    <TextInput key="url" source="url" label={label('urlContains')} alwaysOn resettable />,
    <TextInput key="submittedBy" source="submittedBy" label={label('submittedBy')} resettable />,
    <DateTimeInput key="startTime" source="startTime" label={label('startTime')} />,
    <DateTimeInput key="endTime" source="endTime" label={label('endTime')} />,
  ];
}

const COLUMNS: ExportColumns<PurgeTask> = [
  ['id', (r) => String(r.id)],
  ['createTime', (r) => formatDateTime(r.createTime)],
  ['submittedBy', (r) => r.submittedBy],
  ['kind', (r, t) => t(`resources.cdn/newsearchTask.kind.${r.kind}`)],
  ['urlCount', (r) => String(r.urlCount)],
  ['firstUrl', (r) => r.firstUrl],
  ['status', (r, t) => t(`resources.cdn/newsearchTask.status.${r.status}`)],
  [
    'progress',
    (r, t) =>
      PURGE_STATUSES.filter((s) => r.counts[s])
        .map((s) => `${t(`resources.cdn/newsearchTask.status.${s}`)} ${r.counts[s]}`)
        .join(' / '),
  ],
  ['duration', (r) => formatDuration(r.durationSeconds)],
];

/** Reloads the list while any task on the page is still in progress. */
function OpenTasksPoll() {
  const { data, refetch } = useListContext<PurgeTask>();
  usePollWhile((data ?? []).some(isOpen), refetch, TASK_POLL_MS);
  return null;
}

/** Sends the failed URLs of a task again (as one new task). */
function ResubmitButton({ canOperate }: { canOperate: boolean }) {
  const task = useRecordContext<PurgeTask>();
  const t = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { refetch } = useListContext();
  const [busy, setBusy] = useState(false);
  if (!task || !canOperate || !task.counts.failed) return null;
  const resubmit = async () => {
    setBusy(true);
    try {
      const failed = await dataProvider.purgeTaskUrls(Number(task.id), task.kind === 'prefetch', 1, 100, 'failed');
      await dataProvider.purgeSubmit(task.kind, failed.list.map((u: PurgeTaskUrl) => u.url).join('\n'));
      notify('pages.cdn/newurlPush.pushSuccess', { type: 'success' });
      void refetch();
    } catch (e) {
      notifyError(e, 'pages.cdn/newurlPush.unknownError', { serverOnly: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      disabled={busy}
      onClick={(e) => {
        e.stopPropagation();
        void resubmit();
      }}
    >
      {t('resources.cdn/newsearchTask.resubmit')}
    </Button>
  );
}

/** Task centre (/cdn/newsearchTask for purges, /cdn/prefetchTask for prefetches). */
export function TaskList({ prefetch }: { prefetch: boolean }) {
  const t = useTranslate();
  const canOperate = useCanOperate(prefetch ? 'prefetch' : 'purge');
  return (
    <PortalList
      title={prefetch ? 'resources.cdn/prefetchTask.title' : 'resources.cdn/newsearchTask.title'}
      filters={filtersFor(prefetch)}
      actions={<ListActions exporter={listExporter(COLUMNS, label, t, prefetch ? 'prefetch-tasks' : 'purge-tasks')} />}
    >
      <OpenTasksPoll />
      <Datagrid
        bulkActionButtons={false}
        rowClick="expand"
        expand={<TaskDetail />}
        empty={<ListEmpty text="resources.cdn/newsearchTask.noTask" testId="purge-empty" />}
      >
        <FunctionField<PurgeTask>
          source="createTime"
          label={label('createTime')}
          sortable={false}
          render={(r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.createTime)}</span>}
        />
        <FunctionField<PurgeTask> source="submittedBy" label={label('submittedBy')} sortable={false} render={(r) => r.submittedBy} />
        {!prefetch && (
          <FunctionField<PurgeTask>
            source="kind"
            label={label('kind')}
            sortable={false}
            render={(r) => t(`resources.cdn/newsearchTask.kind.${r.kind}`)}
          />
        )}
        <FunctionField<PurgeTask>
          source="firstUrl"
          label={label('firstUrl')}
          sortable={false}
          render={(r) => <span style={{ wordBreak: 'break-all' }}>{r.firstUrl}</span>}
        />
        <FunctionField<PurgeTask> source="urlCount" label={label('urlCount')} sortable={false} render={(r) => r.urlCount} />
        <FunctionField<PurgeTask>
          source="status"
          label={label('status')}
          sortable={false}
          render={(r) => <StatusChip status={r.status} />}
        />
        <FunctionField<PurgeTask> source="progress" label={label('progress')} sortable={false} render={(r) => <Progress task={r} />} />
        <FunctionField<PurgeTask>
          source="duration"
          label={label('duration')}
          sortable={false}
          render={(r) => <span style={{ whiteSpace: 'nowrap' }}>{formatDuration(r.durationSeconds)}</span>}
        />
        <FunctionField<PurgeTask> label="" render={() => <ResubmitButton canOperate={canOperate} />} />
      </Datagrid>
    </PortalList>
  );
}

export const PurgeTaskList = () => <TaskList prefetch={false} />;
export const PrefetchTaskList = () => <TaskList prefetch />;
