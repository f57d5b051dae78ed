import { describe, expect, it } from 'vitest';
import { zoomIn, zoomOut } from '../components/htm-view.tsx';
import { youtubeEmbedUrl } from '../components/media-view.tsx';
import { relatedItemPath } from '../components/related-reports.tsx';
import { shareableReportUrl } from '../components/viewer-header.tsx';
import { viewerHeightFor } from '../hooks/use-viewer-height.ts';
import { htmZoom } from './viewer-constants.ts';
import { safeWebcastUrl } from './webcast.ts';

describe('viewer height', () => {
  it('is the window height minus 180, 140, 94 or 70', () => {
    expect(viewerHeightFor(900, 'normal')).toBe(720);
    expect(viewerHeightFor(900, 'externalPdf')).toBe(760);
    expect(viewerHeightFor(900, 'fullScreen')).toBe(806);
    expect(viewerHeightFor(900, 'fullScreenCompact')).toBe(830);
    expect(viewerHeightFor(300, 'normal')).toBe(240);
  });
});

describe('htm zoom', () => {
  it('starts at 1.4, moves by 0.1 and never goes below 0.1', () => {
    expect(htmZoom.initial).toBe(1.4);
    expect(zoomIn(1.4)).toBe(1.5);
    expect(zoomOut(1.4)).toBe(1.3);
    let zoom: number = htmZoom.initial;
    for (let i = 0; i < 30; i++) zoom = zoomOut(zoom);
    expect(zoom).toBe(0.1);
  });
});

describe('links', () => {
  it('opens related items with a video as replays, others as reports', () => {
    expect(relatedItemPath({ id: 12, title: 'China autos: export push', video: null })).toBe(
      '/reports/12_china-autos-export-push',
    );
    expect(relatedItemPath({ id: 12, title: 'x', video: 'v-9' })).toBe('/connect/videos/v-9');
  });

  it('copies the canonical report address, never the rfs link with its key', () => {
    expect(shareableReportUrl({ id: 7, title: 'Memory: the upcycle' }, 'https://portal.example')).toBe(
      'https://portal.example/reports/7_memory-the-upcycle',
    );
  });

  it('frames only YouTube videos, on the privacy-enhanced host', () => {
    expect(youtubeEmbedUrl('https://www.youtube-nocookie.com/embed/hK7bU2kXy4M')).toBe(
      'https://www.youtube-nocookie.com/embed/hK7bU2kXy4M',
    );
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=hK7bU2kXy4M')).toBe(
      'https://www.youtube-nocookie.com/embed/hK7bU2kXy4M',
    );
    expect(youtubeEmbedUrl('https://youtu.be/hK7bU2kXy4M')).toBe(
      'https://www.youtube-nocookie.com/embed/hK7bU2kXy4M',
    );
    expect(youtubeEmbedUrl('http://www.youtube.com/embed/hK7bU2kXy4M')).toBeUndefined();
    expect(youtubeEmbedUrl('https://evil.example/embed/hK7bU2kXy4M')).toBeUndefined();
    expect(youtubeEmbedUrl('javascript:alert(1)')).toBeUndefined();
  });

  it('opens only https or same-origin webcast addresses', () => {
    expect(safeWebcastUrl('https://webcast.example/live')).toBe('https://webcast.example/live');
    expect(safeWebcastUrl('http://webcast.example/live')).toBeUndefined();
    expect(safeWebcastUrl('http://localhost:9001/reports/12', 'http://localhost:9001')).toBe(
      'http://localhost:9001/reports/12',
    );
    expect(safeWebcastUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeWebcastUrl('')).toBeUndefined();
  });
});
