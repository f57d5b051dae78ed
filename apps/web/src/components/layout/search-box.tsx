import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import classes from './site-header.module.css';

/** Spec 1 section 5: the search is submitted only when the text is non-empty. */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const id = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    navigate(`/search?q=${encodeURIComponent(q)}`);
    onSearch?.();
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some supported browsers
    <form role="search" className={classes.search} onSubmit={submit}>
      <label htmlFor={id} className={classes.visuallyHidden}>
        Search research
      </label>
      <input
        id={id}
        type="search"
        name="q"
        className={classes.searchInput}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        placeholder="Search research"
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className={classes.searchButton} aria-label="Search">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
