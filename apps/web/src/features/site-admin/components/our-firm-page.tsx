import { Button } from '@mantine/core';
import { messagesSite } from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { RichTextField } from '../../../components/rich-text/rich-text-field.tsx';
import { useRichTextEditor } from '../../../components/rich-text/use-rich-text-editor.ts';
import { LoadingState } from '../../../components/status.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { useLeaveGuard } from '../../../hooks/use-leave-guard.ts';
import { useOurFirmContent, useSaveOurFirm } from '../api/our-firm-api.ts';
import { failureText } from '../lib/failure-text.ts';
import classes from './site-admin.module.css';

const m = messagesSite.ourFirm;

/**
 * Our Firm Management (spec 2): the About Us text in the rich-text editor, saved whole. Save is disabled while
 * the editor holds no text; a saved change shows the spec's toast for 5 s. A failed save keeps what was typed and
 * says so; leaving with unsaved changes asks first. While the text cannot be loaded the editor stays loading
 * (spec 2 section 4), with the reason and a way to try again.
 */
export function OurFirmPage() {
  const labelId = useId();
  const content = useOurFirmContent();
  const save = useSaveOurFirm();
  const { editor, hasText, dirty, load } = useRichTextEditor(m.editorLabel, null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const blocker = useLeaveGuard(dirty);

  // The stored text goes into the editor once; a later refetch never overwrites what is being typed.
  useEffect(() => {
    if (loaded || !editor || content.data === undefined) return;
    load(content.data.html, editor);
    setLoaded(true);
  }, [loaded, editor, content.data, load]);

  const submit = () => {
    if (!editor || !hasText) return;
    setError(null);
    save.mutate(
      { html: editor.getHTML() },
      {
        onSuccess: (reply) => {
          load(reply.data.html, editor);
          showToast(true, m.saved);
        },
        onError: (failure) => setError(failureText(failure, m.failed)),
      },
    );
  };

  return (
    <div className={classes.page}>
      <Toasts />
      <header>
        <h1 className={classes.title}>{m.title}</h1>
        <p className={classes.lead}>{m.lead}</p>
      </header>
      {!loaded ? (
        <>
          <LoadingState label={m.editorLabel} />
          {content.isError && (
            <p role="alert" className={classes.error}>
              {m.loadFailed}{' '}
              <Button variant="subtle" size="compact-sm" onClick={() => void content.refetch()}>
                Try again
              </Button>
            </p>
          )}
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <p id={labelId} className={classes.label}>
            {m.editorLabel}
          </p>
          <RichTextField editor={editor} labelId={labelId} invalid={error !== null} />
          <div role="alert">{error && <p className={classes.error}>{error}</p>}</div>
          <div className={classes.actions}>
            <Button type="submit" disabled={!hasText} loading={save.isPending}>
              {m.save}
            </Button>
            <Link to="/about">{m.viewPage}</Link>
          </div>
        </form>
      )}
      <LeaveDialog
        blocker={blocker}
        title={m.title}
        text={m.unsaved}
        leaveLabel={m.leave}
        stayLabel={m.stay}
      />
    </div>
  );
}
