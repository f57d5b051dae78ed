import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { blogLimits, messagesBlogs, type UploadImageReply } from '@portal/contract';
import { IconPhoto } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { ApiError, apiRequest } from '../../lib/api-client.ts';
import classes from './image-control.module.css';

const m = messagesBlogs.admin.editor;

/** POST /posts/uploadImage, multipart field `file`: the stored image's public path and size. */
export const uploadEditorImage = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<UploadImageReply>('POST', '/posts/uploadImage', { body: form });
};

/** The width an uploaded image is inserted at: the editor's default (400 px), never enlarged. */
export const insertedImageSize = (image: { width: number; height: number }) => {
  const width = Math.min(blogLimits.editorImageWidth, image.width);
  return { width, height: Math.round((image.height * width) / Math.max(1, image.width)) };
};

/**
 * The rich-text editors' image control (a post, a biography, a profile's description; spec 2 "Biographies"): a
 * dialog with the file and its alternative text. The file goes to POST /posts/uploadImage (the server checks,
 * re-encodes and stores it); the returned path is inserted at the editor's default width (400 px, or the image's
 * own width when narrower: never enlarged). The server's refusal shows in the dialog.
 */
export function ImageControl({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileId = useId();
  const fileHintId = useId();
  const errorId = useId();

  const close = () => {
    setOpen(false);
    setFile(null);
    setAlt('');
    setError(null);
    editor.commands.focus();
  };

  const insert = async () => {
    if (!file) {
      setError(messagesBlogs.upload.missing);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const image = await uploadEditorImage(file);
      editor
        .chain()
        .focus()
        .setImage({ src: image.path, alt: alt.trim(), ...insertedImageSize(image) })
        .run();
      close();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : messagesBlogs.upload.unreadable);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <RichTextEditor.Control onClick={() => setOpen(true)} aria-label={m.image} title={m.image}>
        <IconPhoto size={16} aria-hidden="true" />
      </RichTextEditor.Control>
      <Modal opened={open} onClose={close} title={m.image} centered>
        <form
          className={classes.stack}
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog may sit inside another form (the profile modal): its submit is its own.
            event.stopPropagation();
            void insert();
          }}
        >
          <div className={classes.field}>
            <label htmlFor={fileId} className={classes.label}>
              {m.imageFile}
            </label>
            <input
              id={fileId}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-describedby={`${fileHintId}${error ? ` ${errorId}` : ''}`}
              className={classes.fileInput}
              onChange={(event) => {
                const picked = event.currentTarget.files?.[0] ?? null;
                setFile(picked);
                setError(null);
                if (picked && !alt) setAlt(picked.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' '));
              }}
            />
            <p id={fileHintId} className={classes.hint}>
              {m.imageFileHint}
            </p>
          </div>
          <TextInput
            label={m.imageAlt}
            description={m.imageAltHint}
            value={alt}
            maxLength={200}
            onChange={(event) => setAlt(event.currentTarget.value)}
          />
          <div role="alert" id={errorId}>
            {error && <p className={classes.error}>{error}</p>}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {messagesBlogs.admin.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {m.imageInsert}
            </Button>
          </Group>
        </form>
      </Modal>
    </>
  );
}
