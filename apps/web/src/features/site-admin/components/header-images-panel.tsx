import { Button, FileButton } from '@mantine/core';
import {
  type HeaderImageKey,
  type HeaderImageReply,
  headerImageLabels,
  headerImageMimeTypes,
  messagesSliders as m,
  sliderLimits,
} from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/status.tsx';
import { showToast } from '../../../components/toasts.tsx';
import { readPictureFile } from '../../../lib/picture-file.ts';
import { useHeaderImages, useReplaceHeaderImage, useResetHeaderImage } from '../api/slider-api.ts';
import { failureText } from '../lib/failure-text.ts';
import classes from './slider-admin.module.css';

const pagePaths: Record<HeaderImageKey, string> = {
  about: '/about',
  people: '/people',
  contact: '/contact',
  careers: '/careers',
};

/** Spec 2 section 5: PNG, JPG or JPEG ('Please upload a PNG image.'); ours: wide and low enough for a band. */
const headerProblem = async (file: File) => {
  const picture = await readPictureFile(file);
  if (!picture || !(headerImageMimeTypes as readonly string[]).includes(picture.mime))
    return m.bannerWrongType;
  const { width, height } = picture;
  return width < sliderLimits.headerMinWidth ||
    width > sliderLimits.headerMaxWidth ||
    height < sliderLimits.headerMinHeight ||
    height > sliderLimits.headerMaxHeight
    ? m.headerTooNarrow
    : null;
};

function HeaderCard({ header, onReset }: { header: HeaderImageReply; onReset: () => void }) {
  const replace = useReplaceHeaderImage();
  const [problem, setProblem] = useState<string | null>(null);
  const label = headerImageLabels[header.key];
  const choose = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    const wrong = await headerProblem(file);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    replace.mutate(
      { key: header.key, file },
      {
        onSuccess: () => showToast(true, m.bannerReplaced),
        onError: (failure) => setProblem(failureText(failure, m.headerFailed)),
      },
    );
  };
  return (
    <li className={classes.headerCard}>
      <h3 className={classes.headerName}>
        <Link to={pagePaths[header.key]}>{label}</Link>
      </h3>
      <div className={classes.headerPreview}>
        {header.url ? (
          <img src={header.url} alt={m.headerPreview(label)} />
        ) : (
          <p className={classes.noMedia}>{m.headerDefault}</p>
        )}
      </div>
      <div className={classes.mediaActions}>
        <FileButton onChange={(file) => void choose(file)} accept="image/png,image/jpeg">
          {(props) => (
            <Button
              {...props}
              variant="outline"
              size="compact-sm"
              loading={replace.isPending}
              aria-label={m.headerReplace(label)}
            >
              {m.headerUpload}
            </Button>
          )}
        </FileButton>
        <Button
          variant="default"
          size="compact-sm"
          disabled={header.isDefault}
          onClick={onReset}
          aria-label={m.headerResetOf(label)}
        >
          {m.headerReset}
        </Button>
      </div>
      <div role="alert">{problem && <p className={classes.error}>{problem}</p>}</div>
    </li>
  );
}

/** Header images (spec 2): a picture per page, replaced by an upload or reset to the default (after a confirmation). */
export function HeaderImagesPanel() {
  const headers = useHeaderImages();
  const reset = useResetHeaderImage();
  const [resetting, setResetting] = useState<HeaderImageKey | null>(null);
  return (
    <section aria-labelledby="headers-title" className={classes.section}>
      <h2 id="headers-title" className={classes.sectionTitle}>
        {m.headersTitle}
      </h2>
      <p className={classes.hint}>{m.headersLead}</p>
      {headers.isPending ? (
        <LoadingState label={m.headersTitle} />
      ) : headers.isError ? (
        <ErrorState message={m.loadFailed} onRetry={() => void headers.refetch()} />
      ) : (
        <ul className={classes.headerGrid}>
          {headers.data.headers.map((header) => (
            <HeaderCard key={header.key} header={header} onReset={() => setResetting(header.key)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        title={m.headerResetTitle}
        text={m.headerResetText}
        opened={resetting !== null}
        busy={reset.isPending}
        confirmLabel={m.headerReset}
        cancelLabel={m.cancel}
        danger
        onConfirm={() => {
          if (!resetting) return;
          reset.mutate(resetting, {
            onSuccess: () => showToast(true, m.headerResetDone),
            onError: (failure) => showToast(false, failureText(failure, m.headerFailed)),
            onSettled: () => setResetting(null),
          });
        }}
        onClose={() => setResetting(null)}
      />
    </section>
  );
}
