import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import { Button, FileButton, SegmentedControl, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  isValidReportUrl,
  isValidSliderLink,
  messagesSliders as m,
  type SliderItem,
  type SliderType,
  sliderImageSize,
  sliderLimits,
  sliderTypes,
  sliderVideoExtensions,
} from '@portal/contract';
import { useEffect, useId, useState } from 'react';
import { readPictureFile } from '../../../lib/picture-file.ts';
import { useUploadSliderMedia } from '../api/slider-api.ts';
import { failureText } from '../lib/failure-text.ts';
import classes from './slider-admin.module.css';

/** What the editor holds of a slide: the fields POST /saveSlider takes. */
export interface SlideDraft {
  name: string;
  type: SliderType;
  active: boolean;
  link: string;
  reportUrl: string;
  heading: string;
  subHeading: string;
  isPrivate: boolean;
  mediaKey: string | null;
  /** what the preview shows: the stored media's or the new upload's address */
  mediaUrl: string | null;
  mediaType: 'image' | 'video' | null;
}

const mediaTypeOf = (mediaKey: string | null) =>
  mediaKey ? (/\.(webp|gif|png|jpe?g)$/.test(mediaKey) ? 'image' : 'video') : null;

export const draftOf = (slide: SliderItem): SlideDraft => ({
  name: slide.name,
  type: slide.type,
  active: slide.active,
  link: slide.link ?? '',
  reportUrl: slide.reportUrl ?? '',
  heading: slide.heading,
  subHeading: slide.subHeading,
  isPrivate: slide.isPrivate,
  mediaKey: slide.mediaKey,
  mediaUrl: slide.mediaKey ? `/api/media/${slide.mediaKey}` : null,
  mediaType: mediaTypeOf(slide.mediaKey),
});

export const sameDraft = (a: SlideDraft, b: SlideDraft) =>
  (Object.keys(a) as (keyof SlideDraft)[]).every((key) => a[key] === b[key]);

/** The spec's client checks of a slide's fields (the server decides them again, with the same functions). */
const validate = {
  link: (value: string) => (value.trim() && !isValidSliderLink(value.trim()) ? m.urlInvalid : null),
  heading: (value: string) => (value.trim().length > sliderLimits.headingMax ? m.headingTooLong : null),
  subHeading: (value: string) =>
    value.trim().length > sliderLimits.subHeadingMax ? m.subHeadingTooLong : null,
  reportUrl: (value: string) => (value.trim() && !isValidReportUrl(value.trim()) ? m.reportUrlInvalid : null),
};

/** Spec 2 section 5: a picture must be JPEG, PNG or GIF of exactly 1280 x 580; a film one of six kinds, under 15 MB. */
const mediaProblem = async (file: File, kind: 'image' | 'video') => {
  if (kind === 'video') {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(sliderVideoExtensions as readonly string[]).includes(extension)) return m.videoWrongType;
    return file.size >= sliderLimits.videoMaxBytes ? m.videoTooLarge : null;
  }
  const picture = await readPictureFile(file);
  if (!picture) return m.imageWrongType;
  return picture.width === sliderImageSize.width && picture.height === sliderImageSize.height
    ? null
    : m.imageWrongSize;
};

function Counter({ value, max }: { value: string; max: number }) {
  return (
    <span className={value.trim().length > max ? classes.counterOver : classes.counter}>
      {m.characters(value.trim().length, max)}
    </span>
  );
}

/**
 * One slide's settings (spec 2 "Homepage Slider Management"): type, shown or not, private, the picture or film with
 * its preview, the link, heading, sub heading and report link. The draft lives in the page (`onChange`), so a
 * slide's unsaved work survives switching slides and a failed save.
 */
export function SlideEditor({
  draft,
  stored,
  saving,
  canDelete,
  deleteHint,
  error,
  onChange,
  onSave,
  onDelete,
}: {
  draft: SlideDraft;
  stored: SlideDraft;
  saving: boolean;
  canDelete: boolean;
  deleteHint: string | null;
  error: string | null;
  onChange: (draft: SlideDraft) => void;
  onSave: (draft: SlideDraft) => void;
  onDelete: () => void;
}) {
  const id = useId();
  const form = useForm<SlideDraft>({
    mode: 'controlled',
    initialValues: draft,
    validate,
    validateInputOnChange: ['link', 'heading', 'subHeading', 'reportUrl'],
    onValuesChange: (values) => onChange(values),
  });
  const upload = useUploadSliderMedia();
  // Four choices do not fit side by side on a phone: they stack there.
  const narrow = useMediaQuery('(max-width: 30em)');
  const [mediaMessage, setMediaMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const { type } = form.values;
  const mediaKind = type === 'image' || type === 'video' ? type : null;

  // A failed save's field messages from the server go to their fields.
  useEffect(() => {
    if (!error) return;
    if (error === m.urlInvalid) form.setFieldError('link', error);
    if (error === m.headingTooLong) form.setFieldError('heading', error);
    if (error === m.subHeadingTooLong) form.setFieldError('subHeading', error);
    if (error === m.reportUrlInvalid) form.setFieldError('reportUrl', error);
  }, [error, form.setFieldError]);

  const chooseType = (value: string) => {
    const next = value as SliderType;
    // Spec 2: choosing image sets the item active.
    form.setValues({ type: next, ...(next === 'image' ? { active: true } : {}) });
    setMediaMessage(null);
  };

  const chooseFile = async (file: File | null) => {
    if (!file || !mediaKind) return;
    setMediaMessage(null);
    const problem = await mediaProblem(file, mediaKind);
    if (problem) {
      setMediaMessage({ ok: false, text: problem });
      return;
    }
    upload.mutate(file, {
      onSuccess: (reply) => {
        form.setValues({ mediaKey: reply.mediaKey, mediaUrl: reply.url, mediaType: reply.type });
        setMediaMessage({ ok: true, text: m.uploaded });
      },
      onError: (failure) => setMediaMessage({ ok: false, text: failureText(failure, m.mediaMalformed) }),
    });
  };

  const mediaMatches = mediaKind !== null && form.values.mediaType === mediaKind && form.values.mediaUrl;
  const dirty = !sameDraft(form.values, stored);

  return (
    <form
      className={classes.editor}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={form.onSubmit((values) => onSave(values))}
    >
      <h3 id={`${id}-title`} className={classes.editorTitle}>
        {m.editing(form.values.name || m.newSlideName)}
      </h3>
      <TextInput label={m.name} maxLength={sliderLimits.nameMax} {...form.getInputProps('name')} />
      <fieldset className={classes.fieldset}>
        <legend className={classes.legend}>{m.type}</legend>
        <SegmentedControl
          value={type}
          onChange={chooseType}
          data={sliderTypes.map((value) => ({ value, label: m.typeLabels[value] }))}
          orientation={narrow ? 'vertical' : 'horizontal'}
          fullWidth
        />
      </fieldset>
      <div className={classes.switches}>
        <Switch
          label={m.active}
          disabled={type === 'none'}
          {...form.getInputProps('active', { type: 'checkbox' })}
        />
        <Switch label={m.isPrivate} {...form.getInputProps('isPrivate', { type: 'checkbox' })} />
      </div>
      {mediaKind && (
        <div className={classes.media}>
          <p className={classes.label}>{m.media}</p>
          <div className={classes.preview} aria-live="polite">
            {mediaMatches && form.values.mediaType === 'image' && (
              <img src={form.values.mediaUrl ?? ''} alt={m.preview} width={1280} height={580} />
            )}
            {mediaMatches && form.values.mediaType === 'video' && (
              <video
                src={form.values.mediaUrl ?? ''}
                controls
                muted
                preload="metadata"
                aria-label={m.preview}
              />
            )}
            {!mediaMatches && <p className={classes.noMedia}>{m.noMedia}</p>}
          </div>
          <div className={classes.mediaActions}>
            <FileButton
              onChange={(file) => void chooseFile(file)}
              accept={
                mediaKind === 'image'
                  ? 'image/jpeg,image/png,image/gif'
                  : sliderVideoExtensions.map((extension) => `.${extension}`).join(',')
              }
            >
              {(props) => (
                <Button
                  {...props}
                  variant="outline"
                  loading={upload.isPending}
                  aria-describedby={`${id}-media-hint`}
                >
                  {mediaKind === 'image' ? m.uploadImage : m.uploadVideo}
                </Button>
              )}
            </FileButton>
            <span id={`${id}-media-hint`} className={classes.hint}>
              {mediaKind === 'image' ? m.imageHint : m.videoHint}
            </span>
          </div>
          <div role="alert">
            {mediaMessage && (
              <p className={mediaMessage.ok ? classes.success : classes.error}>{mediaMessage.text}</p>
            )}
          </div>
        </div>
      )}
      <TextInput
        label={m.heading}
        description={<Counter value={form.values.heading} max={sliderLimits.headingMax} />}
        {...form.getInputProps('heading')}
      />
      <TextInput
        label={m.subHeading}
        description={<Counter value={form.values.subHeading} max={sliderLimits.subHeadingMax} />}
        {...form.getInputProps('subHeading')}
      />
      <TextInput label={m.link} description={m.linkHint} {...form.getInputProps('link')} />
      <TextInput label={m.reportUrl} description={m.reportUrlHint} {...form.getInputProps('reportUrl')} />
      <div role="alert">{error && <p className={classes.error}>{error}</p>}</div>
      <div className={classes.actions}>
        <Button type="submit" loading={saving} disabled={!dirty && !error}>
          {m.save}
        </Button>
        <Button
          variant="outline"
          color="red"
          disabled={!canDelete || saving}
          onClick={onDelete}
          aria-describedby={deleteHint ? `${id}-delete-hint` : undefined}
        >
          {m.remove}
        </Button>
        {deleteHint && (
          <span id={`${id}-delete-hint`} className={classes.hint}>
            {deleteHint}
          </span>
        )}
      </div>
    </form>
  );
}
