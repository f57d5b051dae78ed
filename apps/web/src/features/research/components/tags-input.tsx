import { type KeyboardEvent, useId, useState } from 'react';
import classes from './research.module.css';

export interface TagsInputProps {
  label: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** Refuse a tag already present (spec 1 section 5: an option, off by default). */
  unique?: boolean;
  /** At most this many tags (default unlimited). */
  max?: number;
  placeholder?: string;
}

/** Adds the typed text as a tag; returns the same array when nothing is added. */
export const addTag = (
  tags: readonly string[],
  text: string,
  unique = false,
  max = Number.POSITIVE_INFINITY,
) => {
  const tag = text.trim();
  if (!tag || tags.length >= max || (unique && tags.includes(tag))) return tags;
  return [...tags, tag];
};

/**
 * Spec 1 section 5: Tab or Enter adds the typed text as a tag (Tab only when there is text, so it still moves
 * focus otherwise), Backspace in the empty field removes the last tag; each tag also has its own remove button.
 */
export function TagsInput({ label, value, onChange, unique = false, max, placeholder }: TagsInputProps) {
  const [text, setText] = useState('');
  const id = useId();
  const hintId = `${id}-hint`;
  const full = max !== undefined && value.length >= max;

  const commit = () => {
    const next = addTag(value, text, unique, max);
    setText('');
    if (next !== value) onChange([...next]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || (event.key === 'Tab' && !event.shiftKey && text.trim() !== '')) {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className={classes.tagsField}>
      <label htmlFor={id} className={classes.fieldLabel}>
        {label}
      </label>
      <div className={classes.tagsBox}>
        {value.length > 0 && (
          <ul className={classes.tagList} aria-label="Active tags">
            {value.map((tag, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: duplicates are allowed unless `unique`
              <li key={`${tag}-${index}`} className={classes.tag}>
                <span>{tag}</span>
                <button
                  type="button"
                  className={classes.tagRemove}
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          className={classes.tagsInput}
          value={text}
          disabled={full}
          placeholder={placeholder}
          aria-describedby={hintId}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
        />
      </div>
      <p id={hintId} className={classes.hint}>
        Enter or Tab adds a tag; Backspace removes the last. Dates: 'Date Range: YYYY-MM-DD - YYYY-MM-DD'.
      </p>
    </div>
  );
}
