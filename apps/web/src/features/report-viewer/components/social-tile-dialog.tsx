import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { viewerAdminMessages } from '@portal/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormAlert } from '../../../components/forms/form-feedback.tsx';
import { formatPublishedDate } from '../../../lib/format.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import type { ViewerData } from '../api/viewer-api.ts';
import { reportFileName, saveBlob } from '../lib/save-file.ts';
import {
  cleanQuote,
  clipQuote,
  drawSocialTile,
  socialTileSize,
  type TileImage,
  tileQuoteMaxChars,
} from '../lib/social-tile.ts';
import classes from './admin-tools.module.css';

const m = viewerAdminMessages;

/** The firm's logo (same-origin, so the canvas stays exportable), or null when there is none or it fails. */
const loadLogo = async (url: string | null): Promise<TileImage | null> => {
  if (!url) return null;
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0 && image.naturalHeight > 0
      ? { source: image, width: image.naturalWidth, height: image.naturalHeight }
      : null;
  } catch {
    return null;
  }
};

/**
 * The Social Media Tiles dialog (spec 2 "Social Media Tiles"): the passage the admin selected, editable, drawn on
 * a 1024x708 canvas with the firm's colours and logo, the report's title, the lead analyst, the published date
 * and the portal's address; downloaded as a PNG named after the report's title. Loaded on first use.
 */
export default function SocialTileDialog({
  opened,
  quote: selected,
  report,
  onClose,
}: {
  opened: boolean;
  quote: string;
  report: ViewerData['report'];
  onClose: () => void;
}) {
  const [quote, setQuote] = useState(() => cleanQuote(selected));
  useEffect(() => {
    if (opened) setQuote(cleanQuote(selected));
  }, [opened, selected]);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [logo, setLogo] = useState<TileImage | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const firm = getRuntimeConfig().firm;

  useEffect(() => {
    let cancelled = false;
    void loadLogo(firm.logoUrl).then((loaded) => {
      if (!cancelled) setLogo(loaded);
    });
    return () => {
      cancelled = true;
    };
  }, [firm.logoUrl]);

  const shown = clipQuote(cleanQuote(quote));
  const input = useMemo(
    () => ({
      quote: shown,
      title: report.title,
      analyst: report.analysts[0]?.name ?? '',
      date: formatPublishedDate(report.published_date),
      address: window.location.host,
      firmName: firm.name,
      colors: firm.colors,
      labels: { kicker: m.tileKicker, readAt: m.tileSourcePortal },
    }),
    [shown, report, firm.name, firm.colors],
  );

  // Drawn again whenever the quote changes, once the logo (or its absence) and the fonts are known.
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  useEffect(() => {
    canvasRef.current = canvas;
    if (!canvas || logo === undefined) return;
    let cancelled = false;
    // The fonts the tile names must be there before it is measured (document.fonts is missing in old engines).
    const fonts: Promise<unknown> = document.fonts?.ready ?? Promise.resolve();
    void fonts.then(() => {
      if (cancelled) return;
      const context = canvas.getContext('2d');
      if (!context) return setFailed(true);
      try {
        drawSocialTile(context, { ...input, logo });
        setFailed(false);
      } catch {
        setFailed(true);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [canvas, input, logo]);

  const [saving, setSaving] = useState(false);
  const download = () => {
    const current = canvasRef.current;
    if (!current) return;
    setSaving(true);
    current.toBlob((blob) => {
      setSaving(false);
      if (!blob) return setFailed(true);
      saveBlob(blob, reportFileName(report.title, 'png'));
    }, 'image/png');
  };

  const empty = shown === '';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={m.tileDialogTitle}
      size="56rem"
      centered
      closeButtonProps={{ 'aria-label': m.tileClose }}
    >
      <canvas
        ref={setCanvas}
        className={classes.tilePreview}
        width={socialTileSize.width}
        height={socialTileSize.height}
        role="img"
        aria-label={m.tilePreviewAlt(report.title)}
        data-testid="social-tile"
        aria-busy={logo === undefined || undefined}
      />
      <Textarea
        mt="md"
        label={m.tileQuoteLabel}
        description={m.tileQuoteHint}
        rows={3}
        value={quote}
        onChange={(event) => setQuote(event.currentTarget.value)}
        data-autofocus
      />
      {cleanQuote(quote).length > tileQuoteMaxChars && (
        <Text size="sm" mt={4} c="var(--portal-muted)">
          {m.tileQuoteTooLong(tileQuoteMaxChars)}
        </Text>
      )}
      {failed && (
        <FormAlert>
          <p>{m.tileFailed}</p>
        </FormAlert>
      )}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose}>
          {m.tileClose}
        </Button>
        <Button onClick={download} loading={saving} disabled={empty || failed || logo === undefined}>
          {m.tileDownload}
        </Button>
      </Group>
    </Modal>
  );
}
