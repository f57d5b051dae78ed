import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Loader,
  Progress,
  SegmentedControl,
  Text,
  TextInput,
} from '@mantine/core';
import { messagesPublishing as m, reportUploadLimits, uploadTypeOfName } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useFormState } from '../../../hooks/use-form-state.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { publishingKeys, publishReport, usePublishingOptions } from '../api/publishing-api.ts';
import {
  acceptedFiles,
  emptyForm,
  type FormValues,
  formErrorsOf,
  type ValidForm,
  validateForm,
} from '../lib/publish-form.ts';
import classes from './publishing.module.css';
import { ReportFields } from './report-fields.tsx';

const f = m.fields;

/** The size limits line under the file input: "PDF 50 MB · HTM 5 MB · …". */
const limitsLine = Object.entries(reportUploadLimits.maxBytes)
  .map(([type, bytes]) => `${type.toUpperCase()} ${Math.floor(bytes / (1024 * 1024))} MB`)
  .join(' · ');

/**
 * /admin/reports/new (issue 23): publish a report file or a YouTube link with its details, now or at a later
 * time. The file's type and size are checked here before anything is sent (the server checks the bytes again);
 * the upload shows its progress; a refusal keeps everything typed and chosen, with the server's field messages.
 */
export function PublishPage() {
  const options = usePublishingOptions();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const errorId = useId();
  const form = useFormState<FormValues, ValidForm>(emptyForm(), (values) =>
    validateForm(values, { catalogue: options.data, withSource: true, withTime: true }),
  );
  const { values, setField, touchField, errorOf } = form;

  useEffect(() => () => abort.current?.abort(), []);

  const submit = form.handleSubmit(async ({ metadata, file }) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setProgress(0);
    try {
      const report = await publishReport(metadata, file, setProgress, controller.signal);
      // The management list (another feature's query, by its key prefix) has a new row.
      await queryClient.invalidateQueries({ queryKey: ['report-admin'] });
      queryClient.setQueryData(publishingKeys.report(report.id), report);
      navigate(`/admin/reports/${report.id}/edit`, { state: { done: report.state } });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const apiError = error instanceof ApiError ? error : null;
      const fields = formErrorsOf(apiError?.errors ?? {});
      setFailure(apiError?.message ?? m.errors.failed);
      if (Object.keys(fields).length > 0) form.showServerErrors(fields);
    } finally {
      setProgress(null);
    }
  });

  const busy = progress !== null;
  const fileType = values.file ? uploadTypeOfName(values.file.name) : null;

  return (
    <div className={classes.page}>
      <Anchor component={Link} to="/admin/reports">
        {m.backToManagement}
      </Anchor>
      <h1 className={classes.title}>{m.publishTitle}</h1>
      {options.isPending && (
        <div className={classes.loading} role="status">
          <Loader size="sm" />
          <span>{m.loading}</span>
        </div>
      )}
      {options.isError && (
        <Alert color="red" role="alert">
          {m.optionsFailed}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void options.refetch()}>
            {m.retry}
          </Button>
        </Alert>
      )}
      {options.data && (
        <form
          ref={form.formRef}
          className={classes.form}
          onSubmit={submit}
          noValidate
          aria-describedby={failure ? errorId : undefined}
        >
          <fieldset className={classes.fieldset} disabled={busy}>
            <legend className={classes.legend}>{f.source}</legend>
            <SegmentedControl
              value={values.source}
              onChange={(next) => setField('source', next === 'youtube' ? 'youtube' : 'file')}
              data={[
                { value: 'file', label: f.sourceFile },
                { value: 'youtube', label: f.sourceYoutube },
              ]}
              aria-label={f.source}
              className={classes.segmented}
            />
            {values.source === 'file' ? (
              <div data-field="file">
                <FileInput
                  label={f.file}
                  description={`${f.fileDescription} (${limitsLine})`}
                  placeholder={f.filePlaceholder}
                  accept={acceptedFiles}
                  value={values.file}
                  onChange={(file) => {
                    setField('file', file);
                    touchField('file');
                  }}
                  error={errorOf('file')}
                  clearable
                  clearButtonProps={{ 'aria-label': m.clearField(f.file) }}
                  required
                />
                {values.file && fileType && !errorOf('file') && (
                  <Text size="sm" mt={4} c="dimmed">
                    {fileType.toUpperCase()} · {(values.file.size / (1024 * 1024)).toFixed(1)} MB
                  </Text>
                )}
              </div>
            ) : (
              <TextInput
                name="youtubeUrl"
                type="url"
                label={f.youtubeUrl}
                placeholder={f.youtubePlaceholder}
                value={values.youtubeUrl}
                onChange={(event) => setField('youtubeUrl', event.currentTarget.value)}
                onBlur={() => touchField('youtubeUrl')}
                error={errorOf('youtubeUrl')}
                required
              />
            )}
          </fieldset>
          <fieldset className={classes.fieldset} disabled={busy}>
            <legend className={classes.legend}>{m.sections.details}</legend>
            <ReportFields form={form} options={options.data} withTime />
          </fieldset>
          <div aria-live="polite">
            {busy && (
              <div>
                <Text size="sm" mb={6}>
                  {m.uploading(Math.round((progress ?? 0) * 100))}
                </Text>
                <Progress value={Math.round((progress ?? 0) * 100)} aria-label={f.file} animated />
              </div>
            )}
          </div>
          {failure && (
            <Alert color="red" role="alert" id={errorId}>
              {failure}
            </Alert>
          )}
          <div className={classes.actions}>
            <Button type="submit" loading={busy}>
              {values.when === 'later' ? m.actions.schedule : m.actions.publish}
            </Button>
            <Button component={Link} to="/admin/reports" variant="default">
              {m.actions.cancel}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
