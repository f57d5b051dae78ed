import { useDebouncedValue } from '@mantine/hooks';
import { maxSuggestions, type SuggestionsReply } from '@portal/contract';
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  analystPath,
  companyPath,
  formatPublishedDate,
  regionPath,
  reportPath,
  sectorPath,
} from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useSuggestions } from '../api/research-queries.ts';

export interface Suggestion {
  group: 'Analysts' | 'Companies' | 'Countries' | 'Sectors' | 'Reports' | 'Posts';
  key: string;
  label: string;
  detail?: string;
  href: string;
}

/** At most 5 suggestions (spec 1 section 9). */
export const shownSuggestions = maxSuggestions;

/** Spec 1 section 2.6: grouped analysts, companies, countries, sectors, reports (and posts); at most 5 in all. */
export const flattenSuggestions = (reply: SuggestionsReply | undefined): Suggestion[] => {
  if (!reply) return [];
  const all: Suggestion[] = [
    ...reply.analysts.map((a) => ({
      group: 'Analysts' as const,
      key: `a${a.id}`,
      label: a.name,
      href: analystPath(a.id, a.name),
    })),
    ...reply.companies.map((c) => ({
      group: 'Companies' as const,
      key: `c${c.id}`,
      label: c.name,
      href: companyPath(c.id),
    })),
    ...reply.countries.map((c) => ({
      group: 'Countries' as const,
      key: `n${c.id}`,
      label: c.name,
      href: regionPath(c.name),
    })),
    ...reply.sectors.map((s) => ({
      group: 'Sectors' as const,
      key: `s${s.id}`,
      label: s.sName,
      href: sectorPath(s.id, s.sName),
    })),
    ...reply.reports.map((r) => ({
      group: 'Reports' as const,
      key: `r${r.id}`,
      label: r.title,
      detail: formatPublishedDate(r.published_date),
      href: reportPath(r.id, r.title),
    })),
  ];
  // Blog posts (issue 14) come last as a group of their own, and keep room in the five: up to two of them when
  // the other groups would fill every place.
  const posts: Suggestion[] = (reply.posts ?? []).map((p) => ({
    group: 'Posts' as const,
    key: `p${p.id}`,
    label: p.title,
    detail: formatPublishedDate(p.published_date),
    href: `/post/${p.id}`,
  }));
  const others = all.slice(0, shownSuggestions - Math.min(posts.length, 2));
  return [...others, ...posts].slice(0, shownSuggestions);
};

export interface SuggestSearchClasses {
  form: string;
  input: string;
  button?: string;
  popup: string;
  group: string;
  groupLabel: string;
  option: string;
  detail: string;
  label: string;
}

export interface SuggestSearchProps {
  label: string;
  placeholder?: string;
  debounceMs: number;
  classes: SuggestSearchClasses;
  /** Called with the trimmed, non-empty text on submit. */
  onSubmit: (q: string) => void;
  /** Called after a suggestion took the user to its page. */
  onNavigate?: () => void;
  initialValue?: string;
  /** A submit button next to the field (the header's magnifier). */
  submitButton?: ReactNode;
  /** Wraps the field in a search landmark form. */
  asSearchLandmark?: boolean;
}

/**
 * A search field with grouped suggestions, built as an ARIA 1.2 combobox: the focus stays in the field, arrow
 * keys move the active option, Enter opens it (or submits the text when none is active), Escape closes the list.
 */
export function SuggestSearch({
  label,
  placeholder,
  debounceMs,
  classes,
  onSubmit,
  onNavigate,
  initialValue = '',
  submitButton,
  asSearchLandmark = false,
}: SuggestSearchProps) {
  const navigate = useNavigate();
  const [text, setText] = useState(initialValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [debounced] = useDebouncedValue(text.trim(), debounceMs);
  // Suggestions are a signed-in call; anonymous visitors still get the plain search.
  const { user } = useSession();
  const query = useSuggestions(open && user ? debounced : '');
  const options = useMemo(
    () => (text.trim() && debounced ? flattenSuggestions(query.data) : []),
    [query.data, text, debounced],
  );
  const id = useId();
  const listId = `${id}-list`;
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${id}-opt-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (option: Suggestion) => {
    close();
    setText('');
    navigate(option.href);
    onNavigate?.();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const q = text.trim();
    close();
    if (q) onSubmit(q);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (options.length > 0) setActive((i) => (i + 1) % options.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setOpen(true);
        if (options.length > 0) setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
        break;
      case 'Enter': {
        const option = expanded && active >= 0 ? options[active] : undefined;
        if (option) {
          event.preventDefault();
          go(option);
        } else if (!asSearchLandmark) {
          event.preventDefault();
          submit();
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
      default:
    }
  };

  const groups = options.reduce<
    { group: Suggestion['group']; items: { option: Suggestion; index: number }[] }[]
  >((acc, option, index) => {
    const last = acc.at(-1);
    if (last && last.group === option.group) last.items.push({ option, index });
    else acc.push({ group: option.group, items: [{ option, index }] });
    return acc;
  }, []);

  const field = (
    <>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        name="q"
        className={classes.input}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      {submitButton}
      <div
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        className={classes.popup}
        hidden={!expanded}
      >
        {groups.map(({ group, items }) => (
          // biome-ignore lint/a11y/useSemanticElements: ARIA listbox groups; a fieldset has no place in a listbox
          <div key={group} role="group" aria-label={group} className={classes.group}>
            <div aria-hidden="true" className={classes.groupLabel}>
              {group}
            </div>
            {items.map(({ option, index }) => (
              // Options of an aria-activedescendant combobox are never focused; the keyboard works in the field.
              // biome-ignore lint/a11y/useFocusableInteractive: see above
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              <div
                key={option.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={classes.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(option)}
                onMouseEnter={() => setActive(index)}
              >
                <span>{option.label}</span>
                {option.detail && <span className={classes.detail}>{option.detail}</span>}
              </div>
            ))}
          </div>
        ))}
      </div>
    </>
  );

  return asSearchLandmark ? (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some supported browsers
    <form role="search" className={classes.form} onSubmit={submit}>
      {field}
    </form>
  ) : (
    <div className={classes.form}>{field}</div>
  );
}
