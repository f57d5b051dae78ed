import { type SQL, sql } from 'drizzle-orm';

/**
 * The full-text query of a search box text (issue 11), with websearch meaning: words are ANDed, `"…"` is a
 * phrase, `-word` excludes, `or` between terms is OR (AND binds tighter, as in websearch_to_tsquery). Two
 * additions:
 * - The last word as typed is a prefix (`semicond` finds semiconductor), as the suggestions list titles by
 *   substring, unless the text ends in a space, the word is quoted or excluded, or it is shorter than
 *   MIN_PREFIX_CHARS (a one- or two-letter prefix matches a large share of the vocabulary and says little).
 * - Every term goes through search_words() (migration 0007), as the indexed text does, so `EV/EBITDA` is the
 *   phrase `ev <-> ebitda` and `EBITDA` alone is a word of that text.
 * The tsquery is put together from per-term tsqueries in SQL, never by handing the user's text to to_tsquery:
 * only the prefix term goes through to_tsquery, built from letter-and-digit runs joined by `<->`, which cannot
 * be a syntax error. A text without any term gives the empty query (matches nothing), never an error.
 */
export const MIN_PREFIX_CHARS = 3;
/** At most this many title words stand in for a prefix whose stem is shorter than itself (see termQuery). */
const TITLE_WORD_EXPANSION = 20;

interface Term {
  text: string;
  negated: boolean;
  /** matched as a prefix (the last word, as typed) */
  prefix: boolean;
}

/** OR of AND groups. */
export type ParsedQuery = Term[][];

const wordRuns = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];

export const parseSearchText = (input: string): ParsedQuery => {
  const groups: Term[][] = [[]];
  const s = input.normalize('NFKC');
  let i = 0;
  let orPending = false;
  let last: { term: Term; quoted: boolean } | null = null;
  while (i < s.length) {
    if (/\s/u.test(s[i] as string)) {
      i += 1;
      continue;
    }
    let negated = false;
    if (s[i] === '-' && i + 1 < s.length && !/\s/u.test(s[i + 1] as string)) {
      negated = true;
      i += 1;
    }
    let text: string;
    let quoted = false;
    if (s[i] === '"') {
      const end = s.indexOf('"', i + 1);
      text = s.slice(i + 1, end < 0 ? s.length : end);
      i = end < 0 ? s.length : end + 1;
      quoted = true;
    } else {
      let end = i;
      while (end < s.length && !/\s/u.test(s[end] as string) && s[end] !== '"') end += 1;
      text = s.slice(i, end);
      i = end;
    }
    if (!quoted && !negated && text.toLowerCase() === 'or') {
      // `or` between two terms; at the start or twice in a row it is nothing (as in websearch_to_tsquery)
      if ((groups.at(-1)?.length ?? 0) > 0) orPending = true;
      last = null;
      continue;
    }
    if (wordRuns(text).length === 0) continue;
    const term: Term = { text, negated, prefix: false };
    if (orPending) groups.push([]);
    orPending = false;
    groups.at(-1)?.push(term);
    last = { term, quoted };
  }
  const endsInSpace = /\s$/u.test(s);
  if (last && !last.quoted && !last.term.negated && !endsInSpace) {
    const runs = wordRuns(last.term.text);
    if ((runs.at(-1)?.length ?? 0) >= MIN_PREFIX_CHARS) last.term.prefix = true;
  }
  return groups.filter((group) => group.length > 0);
};

/** One term's tsquery: the phrase of its words (one word is just that word), the last one a prefix if asked. */
const termQuery = (term: Term): SQL => {
  if (!term.prefix) return sql`phraseto_tsquery('english', search_words(${term.text}))`;
  // Letter and digit runs only, so the to_tsquery text is `w1 <-> w2 <-> w3:*` and nothing else. The stemmed
  // prefix (`compani:*` for `companies`) and the prefix as typed (`semicond:*`) both count: a stem can end
  // after the typed prefix or change its last letter.
  const runs = wordRuns(term.text);
  const phrase = `${runs.join(' <-> ')}:*`;
  const typed = sql`(to_tsquery('english', ${phrase}) || to_tsquery('simple', ${phrase}))`;
  if (runs.length !== 1) return typed;
  // A stem can also be shorter than the typed prefix (`earni` -> `earn`, so `earni:*` misses `earnings`). The
  // suggestions list titles by their words, so the words of titles that begin with the prefix (the small
  // report_title_words table, lower-case letter-and-digit words) are ORed in, stemmed like the index.
  const like = `${runs[0]?.toLowerCase()}%`;
  return sql`(${typed} || coalesce((select to_tsquery('english', string_agg(w.word, ' | '))
    from (select word from report_title_words where word like ${like} and word ~ '^[[:alnum:]]+$'
          order by length(word), word limit ${TITLE_WORD_EXPANSION}) w), ''::tsquery))`;
};

/** The tsquery of a parsed text (the empty tsquery for no terms). */
export const searchTsQuery = (parsed: ParsedQuery): SQL => {
  if (parsed.length === 0) return sql`''::tsquery`;
  const group = (terms: Term[]) =>
    sql`(${sql.join(
      terms.map((term) => (term.negated ? sql`!!${termQuery(term)}` : termQuery(term))),
      sql` && `,
    )})`;
  return sql`(${sql.join(parsed.map(group), sql` || `)})`;
};

/** The tsquery of a search box text. */
export const tsQueryOf = (q: string): SQL => searchTsQuery(parseSearchText(q));
