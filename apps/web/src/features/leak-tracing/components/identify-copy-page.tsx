import '@mantine/core/styles/Progress.css';
import { Alert, Anchor, Button, Progress, Text } from '@mantine/core';
import {
  type IdentifiedCopy,
  type IdentifyCopyReply,
  messagesLeakTracing as m,
  reportPath,
} from '@portal/contract';
import { type DragEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/dates.ts';
import { identifyCopy } from '../api/leak-tracing-api.ts';
import { checkFile, fill, megabytes } from '../lib/check-file.ts';
import classes from './identify-copy.module.css';

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; progress: number }
  | { kind: 'found'; name: string; reply: IdentifyCopyReply }
  | { kind: 'failed'; name: string | null; message: string };

const r = m.result;

function CopyCard({ copy, headingId }: { copy: IdentifiedCopy; headingId: string }) {
  const version =
    copy.fileVersion === copy.currentFileVersion
      ? fill(r.versionCurrent, { version: copy.fileVersion })
      : fill(r.versionReplaced, { version: copy.fileVersion, current: copy.currentFileVersion });
  const facts: [string, ReactNode][] = [
    [r.reader, copy.reader.name ?? (copy.reader.userId === null ? r.noAccount : r.unknown)],
    [r.firm, copy.reader.company ?? r.unknown],
    [r.email, copy.reader.email ?? r.unknown],
    [
      r.report,
      <Anchor key="report" component={Link} to={reportPath(copy.report.id, copy.report.title)}>
        {copy.report.title}
      </Anchor>,
    ],
    [r.version, version],
    [r.madeAt, formatDate(copy.madeAt, 'dayTime')],
    [r.lastFetched, formatDate(copy.lastFetchedAt, 'dayTime')],
    [r.fetchCount, String(copy.fetchCount)],
  ];
  return (
    <section className={classes.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.cardTitle}>
        {r.title} {copy.reader.name ?? copy.reader.email ?? r.unknown}
      </h2>
      <dl className={classes.facts}>
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Text size="xs" mt="sm" className={classes.copyId}>
        {copy.copyId}
      </Text>
    </section>
  );
}

/**
 * /admin/reports/identify (issue 23): an administrator drops a leaked PDF (or one page of it) and sees whose stamped
 * copy it was, when it was made and fetched; or the clear "no mark" answer.
 */
export function IdentifyCopyPage() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const baseId = useId();
  const hintId = `${baseId}-hint`;

  useEffect(() => () => abort.current?.abort(), []);

  const send = async (file: File | null | undefined) => {
    const refusal = checkFile(file);
    if (refusal || !file) {
      setState({ kind: 'failed', name: file?.name ?? null, message: refusal ?? m.errors.missing });
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'uploading', name: file.name, progress: 0 });
    try {
      const reply = await identifyCopy(
        file,
        (progress) => setState((s) => (s.kind === 'uploading' ? { ...s, progress } : s)),
        controller.signal,
      );
      setState({ kind: 'found', name: file.name, reply });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setState({
        kind: 'failed',
        name: file.name,
        message: error instanceof ApiError ? error.message : m.errors.failed,
      });
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    if (state.kind === 'uploading') return;
    const files = event.dataTransfer.files;
    if (files.length > 1) {
      setState({ kind: 'failed', name: null, message: m.errors.oneFile });
      return;
    }
    void send(files[0]);
  };

  const reset = () => {
    setState({ kind: 'idle' });
    input.current?.focus();
  };

  return (
    <div className={classes.page}>
      <Anchor component={Link} to="/admin/reports">
        {m.back}
      </Anchor>
      <h1 className={classes.title}>{m.title}</h1>
      <p className={classes.intro}>{m.intro}</p>

      <label
        className={`${classes.zone} ${dragging ? classes.dragging : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          className={classes.hiddenInput}
          aria-label={m.dropTitle}
          aria-describedby={hintId}
          disabled={state.kind === 'uploading'}
          onChange={(event) => void send(event.currentTarget.files?.[0])}
        />
        <span className={classes.zoneTitle}>{m.dropTitle}</span>
        <span id={hintId} className={classes.hint}>
          {fill(m.dropHint, { mb: megabytes })}
        </span>
        <Button component="span" variant="light" tabIndex={-1} aria-hidden="true">
          {m.choose}
        </Button>
      </label>

      <div aria-live="polite">
        {state.kind === 'uploading' && (
          <div>
            <Text size="sm" mb={6}>
              {m.uploading} {state.name}
            </Text>
            <Progress value={Math.round(state.progress * 100)} aria-label={m.progress} animated />
          </div>
        )}
      </div>

      {state.kind === 'failed' && (
        <Alert color="red" role="alert" title={state.name ?? undefined}>
          {state.message}
        </Alert>
      )}

      {state.kind === 'found' && (
        <div className={classes.page}>
          {state.reply.copies.length > 1 && (
            <Text role="status">{fill(r.severalMarks, { count: state.reply.copies.length })}</Text>
          )}
          {state.reply.copies.map((copy, index) => (
            <CopyCard key={copy.copyId} copy={copy} headingId={`${baseId}-copy-${index}`} />
          ))}
        </div>
      )}

      {(state.kind === 'found' || state.kind === 'failed') && (
        <div>
          <Button variant="default" onClick={reset}>
            {m.again}
          </Button>
        </div>
      )}
    </div>
  );
}
