import type { ReactNode } from 'react';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" };
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|apos);/g, (_, name: string) => entities[name] ?? '');

/**
 * A post search snippet (plain text with <mark> around the matches) as React nodes, without parsing HTML: the
 * text is split on the markers and every other piece is highlighted; any other markup stays visible as text.
 */
export const renderMarkedSnippet = (snippet: string): ReactNode[] =>
  snippet.split(/<\/?mark>/i).map((piece, index) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: pieces are positional and never reordered
    index % 2 === 1 ? <mark key={index}>{decode(piece)}</mark> : decode(piece),
  );
