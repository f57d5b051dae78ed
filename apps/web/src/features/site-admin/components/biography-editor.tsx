import { Button } from '@mantine/core';
import { messagesSite } from '@portal/contract';
import { useId, useState } from 'react';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { ImageControl } from '../../../components/rich-text/image-control.tsx';
import { RichTextField } from '../../../components/rich-text/rich-text-field.tsx';
import { useRichTextEditor } from '../../../components/rich-text/use-rich-text-editor.ts';
import { useLeaveGuard } from '../../../hooks/use-leave-guard.ts';
import { useSaveBiography } from '../api/biography-api.ts';
import { failureText } from '../lib/failure-text.ts';
import classes from './site-admin.module.css';

const m = messagesSite.biography;

/**
 * An analyst's (U) or a company's (L) biography in the rich-text editor, on its own page (spec 2 "Biographies";
 * loaded only for admins), with pictures (the image control: uploaded through POST /posts/uploadImage, inserted
 * at 400 px). Save stores it (an empty text removes it) and closes the editor (the page then says it was saved); a
 * failed save keeps the text and says so; leaving with unsaved changes asks first.
 */
export default function BiographyEditor({
  entity,
  id,
  name,
  html,
  onClose,
}: {
  entity: 'U' | 'L';
  id: number;
  name: string;
  html: string | null;
  /** `saved`: the biography was stored (the page says so) */
  onClose: (saved: boolean) => void;
}) {
  const labelId = useId();
  const save = useSaveBiography();
  const { editor, dirty } = useRichTextEditor(m.editorLabel, html ?? '');
  const [error, setError] = useState<string | null>(null);
  const blocker = useLeaveGuard(dirty && !save.isSuccess);

  const submit = () => {
    if (!editor) return;
    setError(null);
    save.mutate(
      { iDescription_AttachToID: id, sDescription: editor.getHTML(), cDescription_Entity: entity },
      {
        onSuccess: () => onClose(true),
        onError: (failure) => setError(failureText(failure, m.failed)),
      },
    );
  };

  return (
    <section aria-labelledby={labelId}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id={labelId} className={classes.label}>
          {m.title(name)}
        </h2>
        <RichTextField
          editor={editor}
          labelId={labelId}
          invalid={error !== null}
          extraControls={editor && <ImageControl editor={editor} />}
        />
        <div role="alert">{error && <p className={classes.error}>{error}</p>}</div>
        <div className={classes.actions}>
          <Button type="submit" loading={save.isPending}>
            {m.save}
          </Button>
          <Button variant="default" onClick={() => onClose(false)} disabled={save.isPending}>
            {m.cancel}
          </Button>
        </div>
      </form>
      <LeaveDialog
        blocker={blocker}
        title={m.title(name)}
        text={messagesSite.ourFirm.unsaved}
        leaveLabel={messagesSite.ourFirm.leave}
        stayLabel={messagesSite.ourFirm.stay}
      />
    </section>
  );
}
