import { createContext, useContext, useState, type DragEvent } from 'react';
import { useNotifyError } from '../../src/kit/errorText';
import { usePollWhile } from '../../src/kit/usePollWhile';
import { DeleteButton } from './DeleteButton';
import { Button, Chip, IconButton, Stack, Typography } from '@mui/material';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import {
  Datagrid,
  DatagridBody,
  DatagridRow,
  FunctionField,
  NumberField,
  ReferenceManyField,
  TextField,
  useDataProvider,
  useListContext,
  useNotify,
  useRecordContext,
  useTranslate,
  type DatagridRowProps,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { PortalDataProvider } from '../../dataProviders';
import type { Rule } from '../../common/wire/websites';
import { WEBSITE_RESOURCE, WEBSITE_RULE_RESOURCE } from '../../dataProviders/impapi/websites';
import { useCanOperate } from '../../src/auth/useCanOperate';
import { Empty } from './PolicyPanel';

/**
 * A website's protection rules (sub-resource websiteRules, by 'websiteId') in priority order: reorder
 * (drag and drop, or the arrows; POST rule/priority), delete; adding and editing are pages (RulePage).
 * Write controls only with the operation right.
 */

const base = (websiteId: number | string) => `/${WEBSITE_RESOURCE}/${websiteId}/rules`;

/** The reordering of the rules on screen, for the rows and their arrows. */
interface Ordering {
  operate: boolean;
  rules: Rule[];
  move: (from: number, to: number) => void;
  dragged: number | null;
  setDragged: (i: number | null) => void;
}
const OrderingContext = createContext<Ordering>({
  operate: false,
  rules: [],
  move: () => undefined,
  dragged: null,
  setDragged: () => undefined,
});

const useRowIndex = () => {
  const r = useRecordContext<Rule>();
  return useContext(OrderingContext).rules.findIndex((x) => x.id === r?.id);
};

/** A datagrid row that can be dragged onto another to take its place (operators only). */
function RuleRow(props: DatagridRowProps) {
  const i = useRowIndex();
  const { operate, move, dragged, setDragged } = useContext(OrderingContext);
  const drag = operate
    ? {
        draggable: true,
        onDragStart: () => setDragged(i),
        onDragOver: (e: DragEvent) => e.preventDefault(),
        onDrop: () => {
          if (dragged !== null) move(dragged, i);
          setDragged(null);
        },
      }
    : {};
  return <DatagridRow {...props} {...drag} data-testid={`rule-row-${i}`} />;
}

function RuleActions() {
  const r = useRecordContext<Rule>();
  const i = useRowIndex();
  const { move, rules } = useContext(OrderingContext);
  const translate = useTranslate();
  const navigate = useNavigate();
  if (!r) return null;
  return (
    <Stack direction="row" alignItems="center" sx={{ whiteSpace: 'nowrap' }}>
      <IconButton size="small" aria-label={translate('resources.dcdn/website.rule.up')} onClick={() => move(i, i - 1)} disabled={i === 0}>
        <ArrowUpwardIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        aria-label={translate('resources.dcdn/website.rule.down')}
        onClick={() => move(i, i + 1)}
        disabled={i === rules.length - 1}
      >
        <ArrowDownwardIcon fontSize="small" />
      </IconButton>
      <Button size="small" onClick={() => navigate(`${base(r.websiteId)}/${r.id}`)}>
        {translate('resources.dcdn/website.edit')}
      </Button>
      <DeleteButton resource={WEBSITE_RULE_RESOURCE} record={r} testId={`rule-delete-${r.id}`} />
    </Stack>
  );
}

/**
 * The rules of the ReferenceManyField: shown in the order just chosen until the server has answered
 * (then its order), and read again every 1.5 s while one of them is being issued.
 */
function RuleGrid({ websiteId, operate }: { websiteId: number; operate: boolean }) {
  const { data, refetch } = useListContext<Rule>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [shown, setShown] = useState<Rule[] | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const rules = shown ?? data ?? [];
  usePollWhile(
    (data ?? []).some((r) => r.status === 'configuring'),
    refetch,
    1500,
  );
  const reorder = async (ids: number[]) => {
    setShown(ids.map((id) => rules.find((r) => r.id === id)!));
    try {
      setShown(await dataProvider.rulePriority(websiteId, ids));
      notify('resources.dcdn/website.rule.reordered', { type: 'success' });
    } catch (e) {
      notifyError(e);
    }
    await refetch();
    setShown(null);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rules.length || from === to) return;
    const ids = rules.map((r) => r.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    void reorder(ids);
  };
  return (
    <OrderingContext.Provider value={{ operate, rules, move, dragged, setDragged }}>
      <Datagrid
        data={rules}
        bulkActionButtons={false}
        rowClick={false}
        hover={false}
        data-testid="rule-table"
        empty={<Empty text="resources.dcdn/website.rule.empty" />}
        body={<DatagridBody row={<RuleRow />} />}
      >
        {operate && (
          <FunctionField label="" render={() => <DragIndicatorIcon fontSize="small" sx={{ cursor: 'grab', verticalAlign: 'middle' }} />} />
        )}
        <NumberField source="priority" label="resources.dcdn/website.rule.priority" sortable={false} textAlign="left" />
        <TextField source="name" label="resources.dcdn/website.rule.name" sortable={false} />
        <FunctionField<Rule>
          label="resources.dcdn/website.rule.actionType"
          render={(r) => translate(`resources.dcdn/website.actionType.${r.actionType}`)}
        />
        <FunctionField<Rule>
          label="resources.dcdn/website.rule.filters"
          render={(r) =>
            r.filters
              .map(
                (f) =>
                  `${translate(`resources.dcdn/website.filterField.${f.field}`)} ` +
                  `${translate(`resources.dcdn/website.filterOperator.${f.operator}`)} ${f.value}`,
              )
              .join('; ')
          }
        />
        <FunctionField<Rule>
          label="resources.dcdn/website.rule.status"
          render={(r) => (
            <Chip
              size="small"
              color={r.status === 'configured' ? 'success' : r.status === 'configuring' ? 'warning' : 'default'}
              label={translate(`resources.dcdn/website.status.${r.status}`)}
            />
          )}
        />
        {operate && <RuleActions />}
      </Datagrid>
    </OrderingContext.Provider>
  );
}

export function RulePanel({ websiteId }: { websiteId: number }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const operate = useCanOperate(WEBSITE_RULE_RESOURCE);
  return (
    <>
      {operate && (
        <Stack direction="row" spacing={2} alignItems="center">
          <Button variant="outlined" size="small" onClick={() => navigate(`${base(websiteId)}/create`)} data-testid="add-rule">
            {translate('resources.dcdn/website.addRule')}
          </Button>
          <Typography variant="caption" color="text.secondary">
            {translate('resources.dcdn/website.rule.dragHint')}
          </Typography>
        </Stack>
      )}
      {/* the server answers in priority order; the provider keeps it */}
      <ReferenceManyField reference={WEBSITE_RULE_RESOURCE} target="websiteId" record={{ id: websiteId }} perPage={1000}>
        <RuleGrid websiteId={websiteId} operate={operate} />
      </ReferenceManyField>
    </>
  );
}
