import { Button, Textarea } from '@mantine/core';
import { messagesVideos as m, type TranscriptEntry } from '@portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { showToast } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveTranscript, useTranscript } from '../api/videos-api.ts';
import { clockOf, currentLineIndex, timedLines } from '../lib/transcript-time.ts';
import classes from './videos.module.css';

/**
 * The transcript beside the player (spec 2 and 3; max height 385): each line a button that plays from there, the
 * line being spoken highlighted and kept in view inside the panel (never scrolling the page). An admin edits the
 * lines in place: a change reveals Save ('Transcript Updated' or 'There was an error updating the transcript'); a
 * save over someone else's newer one is refused with the server's words, and the edit stays.
 */
export function TranscriptPanel({
  videoId,
  path,
  time,
  admin,
  onSeek,
}: {
  videoId: number;
  path: string | null;
  time: number;
  admin: boolean;
  onSeek: (seconds: number) => void;
}) {
  const transcript = useTranscript(videoId, path);
  const save = useSaveTranscript(videoId);
  const lines = useMemo(() => timedLines(transcript.data?.data ?? []), [transcript.data]);
  const current = currentLineIndex(lines, time);
  const listRef = useRef<HTMLOListElement>(null);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const dirty = editing && draft.some((text, index) => text !== lines[index]?.entry.text);

  // The spoken line stays in view inside the panel (the panel scrolls, the page does not).
  useEffect(() => {
    if (editing || current < 0) return;
    const list = listRef.current;
    const item = list?.children[current] as HTMLElement | undefined;
    if (!list || !item) return;
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3) });
  }, [current, editing]);

  const startEditing = () => {
    setDraft(lines.map((line) => line.entry.text));
    setError(null);
    setEditing(true);
  };

  const store = () => {
    if (!transcript.data) return;
    const entries: TranscriptEntry[] = lines.map((line, index) => ({
      ...line.entry,
      text: draft[index] ?? line.entry.text,
    }));
    setError(null);
    save.mutate(
      { transcript: entries, version: transcript.data.version },
      {
        onSuccess: () => {
          showToast(true, m.transcriptUpdated);
          setEditing(false);
        },
        onError: (failure) => {
          showToast(false, m.transcriptFailed);
          setError(
            failure instanceof ApiError && failure.status === 409 ? failure.message : m.transcriptFailed,
          );
        },
      },
    );
  };

  return (
    <section className={classes.transcript} aria-labelledby="transcript-title">
      <div className={classes.transcriptHead}>
        <h2 id="transcript-title" className={classes.sideTitle}>
          {m.transcript}
        </h2>
        {admin && path && transcript.data && !editing && (
          <Button variant="default" size="compact-sm" onClick={startEditing}>
            {m.edit}
          </Button>
        )}
      </div>
      {path === null ? (
        <p className={classes.muted}>{m.noTranscript}</p>
      ) : transcript.isPending ? (
        <p className={classes.muted} aria-busy="true">
          {m.loading}
        </p>
      ) : transcript.isError ? (
        <p className={classes.error}>{transcript.error.message}</p>
      ) : editing ? (
        <div className={classes.editor}>
          <ol className={classes.lines}>
            {lines.map((line, index) => (
              <li key={line.entry.id}>
                <Textarea
                  label={m.editLine(clockOf(line.start))}
                  value={draft[index] ?? ''}
                  autosize
                  minRows={1}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setDraft((current) => current.map((text, i) => (i === index ? value : text)));
                  }}
                />
              </li>
            ))}
          </ol>
          <div role="alert">{error && <p className={classes.error}>{error}</p>}</div>
          <div className={classes.editActions}>
            {dirty && (
              <Button size="compact-sm" onClick={store} loading={save.isPending}>
                {m.saveTranscript}
              </Button>
            )}
            <Button
              variant="default"
              size="compact-sm"
              onClick={() => setEditing(false)}
              disabled={save.isPending}
            >
              {m.cancelEdit}
            </Button>
          </div>
        </div>
      ) : (
        <ol ref={listRef} className={classes.lines} aria-label={m.transcriptLabel}>
          {lines.map((line, index) => (
            <li key={line.entry.id}>
              <button
                type="button"
                className={index === current ? classes.lineCurrent : classes.line}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => onSeek(line.start)}
              >
                <span className={classes.lineTime}>{clockOf(line.start)}</span>
                <span>{line.entry.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
