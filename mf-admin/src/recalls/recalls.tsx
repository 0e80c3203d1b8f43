import { useRef, useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Text,
  Textarea,
  tokens,
  useRestoreFocusTarget,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ApiError, useIssueRecall, useLiftRecall, useRecallPreview, useRecalls } from '@medrelay/api-client';
import {
  recallCreateSchema,
  recallLimits,
  translate,
  type MessageKey,
  type Recall,
  type RecallCreate,
  type RecallPreview,
} from '@medrelay/contracts';
import { currentLanguage, useFormat } from '@medrelay/i18n';
import {
  ConfirmDialog,
  EmptyState,
  focusHeading,
  PageHeader,
  Pager,
  QueryGate,
  useNotify,
  whenSettled,
} from '@medrelay/ui';
import { adminPageSize } from '../admin-page';
import { useListStyles } from '../list-styles';
import { RecallReachPanel } from './reach';

const useStyles = makeStyles({
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalM,
    alignItems: 'start',
  },
  reason: { gridColumn: '1 / -1' },
  submit: { justifySelf: 'start' },
  stops: { marginBlockStart: tokens.spacingVerticalS },
  inForce: { marginBlockEnd: tokens.spacingVerticalS },
  section: { marginBlockStart: tokens.spacingVerticalXL },
});

type Problems = Partial<Record<'gtin' | 'batch' | 'reason' | 'form', string>>;

/**
 * Recalling a batch: GTIN + batch + reason, checked with the API's own schema, then a dry run
 * (what it would quarantine now) that the admin confirms before anything is sent: issuing
 * cancels pending requests for good, holds pickups and mails every holder nationwide, so a
 * mistyped batch that matches a real one must be seen first.
 */
function RecallForm() {
  const styles = useStyles();
  const listStyles = useListStyles();
  const { t, i18n } = useTranslation('admin');
  const notify = useNotify();
  const format = useFormat();
  const preview = useRecallPreview();
  const issue = useIssueRecall();
  const language = currentLanguage(i18n);
  const [values, setValues] = useState({ gtin: '', batch: '', reason: '' });
  const [problems, setProblems] = useState<Problems>({});
  // The recall put to the admin, with what it would quarantine (kept while the dialog closes).
  const [asking, setAsking] = useState<{ input: RecallCreate; preview: RecallPreview } | null>(null);
  const [askingOpen, setAskingOpen] = useState(false);
  // The question opens without a DialogTrigger: this gives focus back to Recall batch when it closes.
  const restoreFocus = useRestoreFocusTarget();
  const busy = preview.isPending || issue.isPending;
  const set = (field: keyof typeof values) => (_: unknown, data: { value: string }) =>
    setValues((v) => ({ ...v, [field]: data.value }));
  const serverProblem = (failed: string) => (error: Error) =>
    error instanceof ApiError && error.serverMessage
      ? setProblems({ form: error.serverMessage })
      : notify.failure(failed, error);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = recallCreateSchema.safeParse(values);
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Problems;
        found[field] ??= translate(issue.message as MessageKey, language);
      }
      setProblems(found);
      return;
    }
    setProblems({});
    preview.mutate(parsed.data, {
      onSuccess: (figures) => {
        setAsking({ input: parsed.data, preview: figures });
        setAskingOpen(true);
      },
      onError: serverProblem(t('recalls.preview.failed')),
    });
  };

  const confirm = () => {
    setAskingOpen(false);
    if (!asking) return;
    issue.mutate(asking.input, {
      onSuccess: (recall) => {
        notify.success(t('recalls.issued', { count: recall.hiddenListings }));
        setValues({ gtin: '', batch: '', reason: '' });
      },
      onError: serverProblem(t('recalls.issueFailed')),
    });
  };

  const figures = asking?.preview;
  const question = figures && (
    <>
      {figures.inForce && (
        <MessageBar intent="warning" className={styles.inForce}>
          <MessageBarBody>
            {t('recalls.preview.inForce', {
              date: format.dateTime(figures.inForce.recalledAt),
              reason: figures.inForce.reason,
            })}
          </MessageBarBody>
        </MessageBar>
      )}
      <Text block>
        {figures.listings > 0
          ? t(figures.inForce ? 'recalls.preview.figuresHeld' : 'recalls.preview.figures', {
              listings: t('recalls.preview.listings', { count: figures.listings }),
              owners: t('recalls.preview.owners', { count: figures.owners }),
              units: t('recalls.preview.units', { count: figures.units }),
            })
          : t('recalls.preview.nothing')}
      </Text>
      <Text block className={styles.stops}>
        {t('recalls.preview.stops')}
      </Text>
    </>
  );

  return (
    <Card className={listStyles.card}>
      <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="recall-form-title">
        <Text as="h2" size={500} weight="semibold" id="recall-form-title" className={styles.reason}>
          {t('recalls.formTitle')}
        </Text>
        <Field label={t('common:medicine.gtin')} validationMessage={problems.gtin} required>
          <Input dir="ltr" inputMode="numeric" maxLength={18} value={values.gtin} onChange={set('gtin')} />
        </Field>
        <Field label={t('recalls.batch')} validationMessage={problems.batch} required>
          <Input dir="ltr" maxLength={20} value={values.batch} onChange={set('batch')} />
        </Field>
        <Field
          label={t('recalls.reason')}
          validationMessage={problems.reason}
          required
          className={styles.reason}
        >
          <Textarea
            dir="auto"
            maxLength={recallLimits.reasonMax}
            value={values.reason}
            onChange={set('reason')}
          />
        </Field>
        {problems.form && (
          <Text role="alert" className={styles.reason}>
            {problems.form}
          </Text>
        )}
        {/* Focusable while busy: a disabled button drops the focus to the page's body. */}
        <Button
          type="submit"
          appearance="primary"
          disabledFocusable={busy}
          className={styles.submit}
          {...restoreFocus}
        >
          {t('recalls.issue')}
        </Button>
      </form>
      <ConfirmDialog
        open={askingOpen}
        onOpenChange={setAskingOpen}
        title={t('recalls.preview.title', { batch: asking?.input.batch, gtin: asking?.input.gtin })}
        body={question}
        confirmLabel={t('recalls.issue')}
        onConfirm={confirm}
      />
    </Card>
  );
}

/**
 * Lift on a recall in force. Lifting takes the button away (the row then says Lifted): focus
 * goes to the row's title rather than to the page's body.
 */
function LiftRecall({ recall, lift }: { recall: Recall; lift: ReturnType<typeof useLiftRecall> }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const button = useRef<HTMLButtonElement>(null);
  const onConfirm = () => {
    const from = button.current;
    const row = from?.closest('[data-testid="recall-row"]');
    lift.mutate(recall.id, {
      onSuccess: () => {
        notify.success(t('recalls.liftDone'));
        void whenSettled(() => !from?.isConnected).then(() => {
          const title = row?.querySelector<HTMLElement>('[data-recall-title]');
          if (title?.isConnected) focusHeading(title);
        });
      },
      onError: (error) => notify.failure(t('recalls.liftFailed'), error),
    });
  };
  return (
    <ConfirmDialog
      trigger={
        <Button ref={button} disabled={lift.isPending}>
          {t('recalls.lift')}
        </Button>
      }
      title={t('recalls.liftTitle')}
      body={t('recalls.liftBody', { batch: recall.batch })}
      confirmLabel={t('recalls.lift')}
      onConfirm={onConfirm}
    />
  );
}

/**
 * Batch recalls: issuing one quarantines every open listing of the batch at once;
 * the history shows how many each hid, who it reached and who has acknowledged, and
 * lifting one gives back what it hid.
 */
export default function Recalls() {
  const styles = useStyles();
  const listStyles = useListStyles();
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const recalls = useRecalls({ page, pageSize: adminPageSize });
  const lift = useLiftRecall();

  return (
    <>
      <PageHeader title={t('recalls.title')} subtitle={t('recalls.subtitle')} />
      <RecallForm />
      <section className={styles.section} aria-labelledby="recall-history-title">
        <Text as="h2" size={500} weight="semibold" id="recall-history-title" block>
          {t('recalls.history')}
        </Text>
        <Card className={listStyles.card}>
          <QueryGate query={recalls} failedTitle={t('recalls.loadFailed')}>
            {({ items, total }) => (
              <>
                {items.length ? (
                  <ul className={listStyles.list}>
                    {items.map((recall) => (
                      <li key={recall.id} className={listStyles.row} data-testid="recall-row">
                        <div className={listStyles.main}>
                          <Text weight="semibold" block data-recall-title>
                            <bdi>{recall.gtin}</bdi> · {t('recalls.batch')} <bdi>{recall.batch}</bdi>
                          </Text>
                          <Text block dir="auto">
                            {recall.reason}
                          </Text>
                          <Text size={200} className={listStyles.muted} block>
                            {t('recalls.hidden', { count: recall.hiddenListings })} ·{' '}
                            {format.dateTime(recall.createdAt)}
                            {recall.liftedAt &&
                              ` · ${t('recalls.liftedOn', { date: format.dateTime(recall.liftedAt) })}`}
                          </Text>
                        </div>
                        <Badge appearance="tint" color={recall.liftedAt ? 'informative' : 'danger'}>
                          {t(recall.liftedAt ? 'recalls.lifted' : 'recalls.active')}
                        </Badge>
                        {!recall.liftedAt && <LiftRecall recall={recall} lift={lift} />}
                        <RecallReachPanel recall={recall} />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <EmptyState title={t('recalls.empty')} />
                )}
                <Pager page={page} pageSize={adminPageSize} total={total} onPage={setPage} />
              </>
            )}
          </QueryGate>
        </Card>
      </section>
    </>
  );
}
