import { blogLimits } from '@portal/contract';
import { decodeEntities, plainTextOf, sanitizeStoredHtml } from '../rich-text/stored-html.ts';

export const wordCount = (text: string) => (text === '' ? 0 : text.split(' ').length);

/** The first picture of sanitised html, for the post's card. */
export const firstImageOf = (sanitised: string) => {
  const match = /<img\b[^>]*?\ssrc="([^"]*)"/i.exec(sanitised);
  return match ? decodeEntities(match[1]!) : null;
};

/** What a write stores: sanitised html, its text, words and first image. */
export const derivePost = (html: string) => {
  const clean = sanitizeStoredHtml(html);
  const text = plainTextOf(clean);
  return { html: clean, bodyText: text, words: wordCount(text), image: firstImageOf(clean) };
};

/** The card's excerpt: the first 200 characters, cut at a word. */
export const excerptOf = (text: string, max: number = blogLimits.cardDescription) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).trimEnd();
};

export const readMinutesOf = (words: number) => Math.max(1, Math.ceil(words / blogLimits.wordsPerMinute));
