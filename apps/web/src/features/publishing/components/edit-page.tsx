import '@mantine/core/styles/Progress.css';
import { Alert, Anchor, Badge, Button, FileInput, Group, Loader, Modal, Progress, Text } from '@mantine/core';
import { type ManagedReport, messagesPublishing as m, type PublishingOptions } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useFormState } from '../../../hooks/use-form-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import {
  publishingKeys,
  replaceReportFile,
  updateReport,
  useManagedReport,
  usePublishingOptions,
  withdrawReport,
} from '../api/publishing-api.ts';
import {
  acceptedFiles,
  type FormValues,
  fileRefusal,
  formErrorsOf,
  formOfReport,
  type ValidForm,
  validateForm,
} from '../lib/publish-form.ts';
import classes from './publishing.module.css';
import { ReportFields } from './report-fields.tsx';

type Notice = { ok: boolean; text: string } | null;

/** The management list (another feature's query, by its key prefix) shows this report's row. */
const listKey = ['report-admin'];

function DetailsForm({
  report,
  options,
  onSaved,
}: {
  report: ManagedReport;
  options: PublishingOptions;
  onSaved: (report: ManagedReport, notice: Notice) => void;
}) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const scheduled = report.state === 'scheduled';
  const withdrawn = report.state === 'withdrawn';
  const form = useFormState<FormValues, ValidForm>(formOfReport(report), (values) =>
    validateForm(values, { catalogue: options, withSource: false, withTime: scheduled }),
  );
  const submit = form.handleSubmit(async ({ metadata }) => {
    setSaving(true);
    setFailure(null);
    try {
      const { youtubeUrl: _, ...body } = metadata;
      const saved = await updateReport(report.id, body);
      onSaved(saved, {
        ok: true,
        text: scheduled && saved.state === 'published' ? m.done.published : m.done.saved,
      });
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setFailure(apiError?.message ?? m.errors.failed);
      const fields = formErrorsOf(apiError?.errors ?? {});
      if (Object.keys(fields).length > 0) form.showServerErrors(fields);
    } finally {
      setSaving(false);
    }
  });
  return (
    <form ref={form.formRef} className={classes.form} onSubmit={submit} noValidate>
      <fieldset className={classes.fieldset} disabled={saving || withdrawn}>
        <legend className={classes.legend}>{m.sections.details}</legend>
        <ReportFields form={form} options={options} withTime={scheduled} disabled={withdrawn} />
      </fieldset>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {!withdrawn && (
        <div className={classes.actions}>
          <Button type="submit" loading={saving}>
            {m.actions.save}
          </Button>
        </div>
      )}
    </form>
  );
}

function ReplaceFile({
  report,
  onReplaced,
}: {
  report: ManagedReport;
  onReplaced: (r: ManagedReport) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const send = async () => {
    const refusal = fileRefusal(file);
    if (refusal || !file) {
      setError(refusal);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setProgress(0);
    try {
      const replaced = await replaceReportFile(report.id, file, setProgress, controller.signal);
      setFile(null);
      onReplaced(replaced);
    } catch (caught) {
      if (caught instanceof DOMException && caught.name === 'AbortError') return;
      setError(caught instanceof ApiError ? caught.message : m.errors.failed);
    } finally {
      setProgress(null);
    }
  };
  const busy = progress !== null;
  return (
    <section className={classes.section} aria-labelledby="replace-file-title">
      <h2 id="replace-file-title" className={classes.sectionTitle}>
        {m.sections.file}
      </h2>
      <Text size="sm">{m.fileLine(report.fileType, report.fileVersion)}</Text>
      <Text size="sm" c="dimmed">
        {m.replaceExplain}
      </Text>
      <div className={classes.replaceRow}>
        <FileInput
          label={m.actions.replaceFile}
          description={m.fields.fileDescription}
          placeholder={m.fields.filePlaceholder}
          accept={acceptedFiles}
          value={file}
          onChange={(next) => {
            setFile(next);
            setError(next ? fileRefusal(next) : null);
          }}
          error={error}
          clearable
          clearButtonProps={{ 'aria-label': m.clearField(m.actions.replaceFile) }}
          disabled={busy}
          className={classes.grow}
        />
        <Button onClick={() => void send()} loading={busy} disabled={!file} variant="light">
          {m.actions.replace}
        </Button>
      </div>
      <div aria-live="polite">
        {busy && (
          <div>
            <Text size="sm" mb={6}>
              {m.uploading(Math.round((progress ?? 0) * 100))}
            </Text>
            <Progress value={Math.round((progress ?? 0) * 100)} aria-label={m.actions.replaceFile} animated />
          </div>
        )}
      </div>
    </section>
  );
}

function Withdraw({
  report,
  onWithdrawn,
}: {
  report: ManagedReport;
  onWithdrawn: (r: ManagedReport) => void;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const withdrawn = await withdrawReport(report.id);
      setOpen(false);
      onWithdrawn(withdrawn);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : m.errors.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className={classes.section} aria-labelledby="withdraw-title">
      <h2 id="withdraw-title" className={classes.sectionTitle}>
        {m.sections.withdraw}
      </h2>
      <Text size="sm" c="dimmed">
        {m.withdrawExplain}
      </Text>
      <div>
        <Button color="red.9" variant="outline" onClick={() => setOpen(true)}>
          {m.actions.withdraw}
        </Button>
      </div>
      <Modal
        opened={open}
        onClose={() => !busy && setOpen(false)}
        title={m.withdrawConfirmTitle}
        closeButtonProps={{ 'aria-label': m.actions.cancel }}
        centered
      >
        <Text size="sm">{m.withdrawConfirm(report.title)}</Text>
        {error && (
          <Alert color="red" role="alert" mt="sm">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)} disabled={busy}>
            {m.actions.cancel}
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={busy}>
            {m.actions.confirmWithdraw}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}

/**
 * /admin/reports/{id}/edit (issue 23): the report's details (and a scheduled report's time), replacing its file,
 * withdrawing it (after a confirmation), and a link to open it as readers do.
 */
export function EditPage({ id }: { id: number }) {
  const report = useManagedReport(id);
  const options = usePublishingOptions();
  const queryClient = useQueryClient();
  const location = useLocation();
  const done = (location.state as { done?: 'published' | 'scheduled' } | null)?.done;
  const [notice, setNotice] = useState<Notice>(done ? { ok: true, text: m.done[done] } : null);
  // A new form for each version of the report the server answers (after a save, a replace, a withdrawal).
  const [formKey, setFormKey] = useState(0);
  const statusId = useId();

  const stored = (next: ManagedReport, message: Notice) => {
    queryClient.setQueryData(publishingKeys.report(next.id), next);
    void queryClient.invalidateQueries({ queryKey: listKey });
    setFormKey((key) => key + 1);
    setNotice(message);
  };

  const data = report.data;
  return (
    <div className={classes.page}>
      <Anchor component={Link} to="/admin/reports">
        {m.backToManagement}
      </Anchor>
      <h1 className={classes.title}>{m.editTitle}</h1>
      {(report.isPending || options.isPending) && (
        <div className={classes.loading} role="status">
          <Loader size="sm" />
          <span>{m.loading}</span>
        </div>
      )}
      {(report.isError || options.isError) && (
        <Alert color="red" role="alert">
          {report.error instanceof ApiError && report.error.status === 404
            ? m.errors.notFound
            : report.isError
              ? m.loadFailed
              : m.optionsFailed}{' '}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              void report.refetch();
              void options.refetch();
            }}
          >
            {m.retry}
          </Button>
        </Alert>
      )}
      {data && options.data && (
        <>
          <div className={classes.summary}>
            <Badge color="dark" variant="outline" size="lg">
              {m.states[data.state]}
            </Badge>
            <Text size="sm">
              {data.state === 'withdrawn' && data.withdrawnAt
                ? formatDate(data.withdrawnAt, 'dayTime')
                : formatDate(data.publishedAt, 'dayTime')}
            </Text>
            {data.state !== 'withdrawn' && (
              <Anchor component={Link} to={data.viewerPath} className={classes.open}>
                {m.actions.openReport}
              </Anchor>
            )}
          </div>
          <div id={statusId} aria-live="polite">
            {notice && (
              <Alert
                color={notice.ok ? 'green' : 'red'}
                role="status"
                withCloseButton
                closeButtonLabel={m.actions.dismiss}
                onClose={() => setNotice(null)}
              >
                {notice.text}
              </Alert>
            )}
          </div>
          <DetailsForm key={`details-${formKey}`} report={data} options={options.data} onSaved={stored} />
          {data.state !== 'withdrawn' && data.fileType !== 'youtube' && data.fileType !== 'iframe' && (
            <ReplaceFile
              key={`file-${formKey}`}
              report={data}
              onReplaced={(next) => stored(next, { ok: true, text: m.done.replaced })}
            />
          )}
          {data.state !== 'withdrawn' && (
            <Withdraw
              report={data}
              onWithdrawn={(next) => stored(next, { ok: true, text: m.done.withdrawn })}
            />
          )}
        </>
      )}
    </div>
  );
}
