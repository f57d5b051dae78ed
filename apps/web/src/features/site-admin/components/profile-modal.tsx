import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  type Analyst,
  type AnalystProfileFields,
  analystPhotoLimits,
  analystPhotoMessages,
  analystPhotoProblem,
  analystProfileFields,
  analystProfileLimits,
  firstErrors,
  keepPhoneCharacters,
  keepProfileNameCharacters,
  limits,
  messagesSite,
} from '@portal/contract';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ImageControl } from '../../../components/rich-text/image-control.tsx';
import { RichTextField } from '../../../components/rich-text/rich-text-field.tsx';
import { useRichTextEditor } from '../../../components/rich-text/use-rich-text-editor.ts';
import { showToast } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { imageUrl, initialsOf } from '../../../lib/format.ts';
import { readPictureFile } from '../../../lib/picture-file.ts';
import { useUpdateAnalyst } from '../api/team-api.ts';
import { failureText } from '../lib/failure-text.ts';
import classes from './profile-modal.module.css';

const m = messagesSite.team.profile;

type Values = Pick<AnalystProfileFields, 'name' | 'designation' | 'email' | 'phone' | 'country'>;
type TextField = keyof Values;
/** The text fields' rules: the server's own schema, so the modal shows exactly the messages it would answer. */
const textSchema = analystProfileFields.omit({ description: true });
const validate = (values: Values) => {
  const parsed = textSchema.safeParse(values);
  return parsed.success ? {} : firstErrors(parsed.error.issues);
};

/**
 * The profile photo's rules checked before it is sent (spec 2 sections 5 and 8): PNG or JPEG by its bytes, 253 px
 * wide and 203 to 210 high (upright, as the server measures it), with the spec's messages; null when it fits.
 */
const photoProblem = async (file: File) => {
  if (file.size > analystPhotoLimits.maxBytes) return analystPhotoMessages.tooLarge;
  const picture = await readPictureFile(file);
  return picture ? analystPhotoProblem(picture) : analystPhotoMessages.wrongType;
};

/** The editor's empty document: sent as an empty description, which the server stores as none (spec 2 section 5). */
const EMPTY_PARAGRAPH = '<p></p>';

/** The chosen photo's preview: an object URL for as long as the file is chosen. */
const usePreview = (file: File | null) => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
};

/**
 * The profile modal of Team Management (spec 2): name, designation, e-mail, phone, country, the description in the
 * rich-text editor (with pictures) and the photo. Names keep letters and spaces (and the hyphens and apostrophes
 * inside names) and phones digits, spaces and - + ( ) as they are typed (spec 2 section 5); the photo is checked
 * (PNG or JPEG, 253 x 203-210) before it is sent, with the spec's messages. A failed save keeps everything and shows
 * the server's reason at its field (or under the form); closing with unsaved changes asks first; a save closes the
 * modal with a toast. Loaded lazily, only when a profile is opened.
 */
export default function ProfileModal({
  person,
  onClose,
  onDirtyChange,
}: {
  person: Analyst;
  onClose: () => void;
  /** whether the modal holds unsaved changes (the page guards leaving with them) */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const fullScreen = useMediaQuery('(max-width: 40em)');
  const initial: Values = {
    name: person.name,
    designation: person.designation,
    email: person.email,
    phone: person.phone,
    country: person.country,
  };
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: initial,
    validate,
    validateInputOnBlur: true,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const descriptionLabelId = useId();
  const photoId = useId();
  const photoHintId = useId();
  const photoErrorId = useId();
  const photoInput = useRef<HTMLInputElement>(null);
  const { editor, dirty: descriptionDirty } = useRichTextEditor(m.description, person.description ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = usePreview(photo);
  const save = useUpdateAnalyst();

  const dirty = form.isDirty() || descriptionDirty || photo !== null;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const close = () => {
    if (save.isPending) return;
    if (dirty) setConfirming(true);
    else onClose();
  };

  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    setPhotoError(null);
    setPhoto(null);
    if (!file) return;
    const problem = await photoProblem(file);
    if (problem) {
      setPhotoError(problem);
      // Nothing refused stays chosen: the next choice of the same file is a change again.
      input.value = '';
      return;
    }
    setPhoto(file);
  };

  const focusField = (name: string) =>
    formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();

  const submit = form.onSubmit(
    (values) => {
      if (!editor) return;
      const fields = textSchema.parse(values);
      setError(null);
      // A refused photo blocks the save until another file is chosen (or the choice is cleared).
      if (photoError) {
        photoInput.current?.focus();
        return;
      }
      const html = editor.getHTML();
      const description = html === EMPTY_PARAGRAPH ? '' : html;
      if (description.length > analystProfileLimits.descriptionMax) {
        setError(m.descriptionTooLong);
        return;
      }
      save.mutate(
        { id: person.id, fields: { ...fields, description }, photo },
        {
          onSuccess: (reply) => {
            showToast(true, m.saved(reply.data.name));
            onDirtyChange?.(false);
            onClose();
          },
          onError: (failure) => {
            const { file, ...fieldErrors } = failure instanceof ApiError ? failure.errors : {};
            const placed = Object.fromEntries(
              Object.entries(fieldErrors).filter(([name]) => name in initial),
            ) as Partial<Record<TextField, string>>;
            if (file) {
              // The refused photo is no longer chosen: the next choice (even of the same file) is checked again.
              setPhotoError(file);
              setPhoto(null);
              if (photoInput.current) photoInput.current.value = '';
            }
            form.setErrors(placed);
            // A message shown at its field is not repeated under the form.
            if (!file && Object.keys(placed).length === 0) setError(failureText(failure, m.failed));
            const first = Object.keys(placed)[0];
            if (file && !first) photoInput.current?.focus();
            if (first) focusField(first);
          },
        },
      );
    },
    (errors) => {
      const first = Object.keys(errors)[0];
      if (first) focusField(first);
    },
  );

  const field = (name: TextField) => ({ name, ...form.getInputProps(name) });
  const currentPhoto = imageUrl(person.image_path);

  return (
    <>
      <Modal
        opened
        onClose={close}
        title={m.title(person.name)}
        size="xl"
        fullScreen={fullScreen}
        closeButtonProps={{ 'aria-label': m.close }}
      >
        <form ref={formRef} className={classes.form} onSubmit={submit} noValidate>
          <div className={classes.fields}>
            <TextInput
              {...field('name')}
              label={m.name}
              required
              maxLength={analystProfileLimits.nameMax}
              autoComplete="off"
              onChange={(event) =>
                form.setFieldValue('name', keepProfileNameCharacters(event.currentTarget.value))
              }
            />
            <TextInput
              {...field('designation')}
              label={m.designation}
              maxLength={analystProfileLimits.designationMax}
              autoComplete="off"
            />
            <TextInput
              {...field('email')}
              label={m.email}
              type="email"
              maxLength={limits.emailMax}
              autoComplete="off"
            />
            <TextInput
              {...field('phone')}
              label={m.phone}
              type="tel"
              maxLength={analystProfileLimits.phoneMax}
              autoComplete="off"
              onChange={(event) =>
                form.setFieldValue('phone', keepPhoneCharacters(event.currentTarget.value))
              }
            />
            <TextInput
              {...field('country')}
              label={m.country}
              maxLength={analystProfileLimits.countryMax}
              autoComplete="off"
            />
          </div>

          <div className={classes.photoField}>
            <label htmlFor={photoId} className={classes.label}>
              {m.photo}
            </label>
            <div className={classes.photoRow}>
              <figure className={classes.figure}>
                {preview ? (
                  <img className={classes.photo} src={preview} alt={m.photoChosen} width={253} height={205} />
                ) : currentPhoto ? (
                  <img
                    className={classes.photo}
                    src={currentPhoto}
                    alt={m.photoCurrent}
                    width={253}
                    height={205}
                  />
                ) : (
                  <span className={classes.initials} aria-hidden="true">
                    {initialsOf(person.name)}
                  </span>
                )}
                <figcaption className={classes.hint}>{preview ? m.photoChosen : m.photoCurrent}</figcaption>
              </figure>
              <div className={classes.photoInput}>
                <input
                  ref={photoInput}
                  id={photoId}
                  name="file"
                  type="file"
                  accept="image/png,image/jpeg"
                  className={classes.fileInput}
                  aria-invalid={photoError ? true : undefined}
                  aria-describedby={`${photoHintId}${photoError ? ` ${photoErrorId}` : ''}`}
                  onChange={(event) => void choosePhoto(event)}
                />
                <p id={photoHintId} className={classes.hint}>
                  {m.photoHint}
                </p>
                <div role="alert" id={photoErrorId}>
                  {photoError && <p className={classes.error}>{photoError}</p>}
                </div>
              </div>
            </div>
          </div>

          <div>
            <p id={descriptionLabelId} className={classes.label}>
              {m.description}
            </p>
            <RichTextField
              editor={editor}
              labelId={descriptionLabelId}
              extraControls={editor && <ImageControl editor={editor} />}
            />
          </div>

          <div role="alert">{error && <p className={classes.error}>{error}</p>}</div>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              {m.cancel}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {m.save}
            </Button>
          </Group>
        </form>
      </Modal>
      <ConfirmDialog
        title={m.title(person.name)}
        text={m.unsaved}
        opened={confirming}
        confirmLabel={m.discard}
        cancelLabel={m.keep}
        danger
        onConfirm={() => {
          setConfirming(false);
          onDirtyChange?.(false);
          onClose();
        }}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
