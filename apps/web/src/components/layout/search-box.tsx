import { IconSearch } from '@tabler/icons-react';
import { type ComponentType, type ReactNode, Suspense, useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router';
import classes from './site-header.module.css';

const searchClasses = {
  form: classes.search as string,
  input: classes.searchInput as string,
  label: classes.visuallyHidden as string,
  popup: classes.suggestions as string,
  group: classes.suggestionGroup as string,
  groupLabel: classes.suggestionGroupLabel as string,
  option: classes.suggestion as string,
  detail: classes.suggestionDetail as string,
};

const label = 'Search research';

/** What the header's search hands the suggesting combobox. */
export interface SuggestProps {
  label: string;
  placeholder: string;
  debounceMs: number;
  classes: typeof searchClasses;
  asSearchLandmark: boolean;
  initialValue: string;
  onSubmit: (q: string) => void;
  onNavigate?: () => void;
  submitButton: ReactNode;
}

const submitButton = (
  <button type="submit" className={classes.searchButton} aria-label="Search">
    <IconSearch size={18} aria-hidden="true" />
  </button>
);

function AfterLoad({ run }: { run: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the combobox has replaced the field
  useEffect(run, []);
  return null;
}

/**
 * Header search with grouped suggestions (debounced 500 ms, spec 1 section 9). Spec 1 section 5: the search is
 * submitted only when the text is non-empty. `Suggest` is the suggesting combobox, a lazy component the app layer
 * passes in: until it is loaded the plain field below serves, and it takes over keeping what was typed and the focus.
 */
export function SearchBox({
  Suggest,
  onSearch,
}: {
  Suggest: ComponentType<SuggestProps>;
  onSearch?: () => void;
}) {
  const navigate = useNavigate();
  const typed = useRef('');
  const focused = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const id = useId();
  const search = (q: string) => {
    navigate(`/search?q=${encodeURIComponent(q)}`);
    onSearch?.();
  };

  const plain = (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some supported browsers
    <form
      role="search"
      className={classes.search}
      onSubmit={(event) => {
        event.preventDefault();
        const q = typed.current.trim();
        if (q) search(q);
      }}
    >
      <label htmlFor={id} className={classes.visuallyHidden}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        name="q"
        className={classes.searchInput}
        placeholder={label}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => {
          typed.current = event.currentTarget.value;
        }}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
        }}
      />
      {submitButton}
    </form>
  );

  return (
    <div ref={wrapper} className={classes.searchSlot}>
      <Suspense fallback={plain}>
        <Suggest
          label={label}
          placeholder={label}
          debounceMs={500}
          classes={searchClasses}
          asSearchLandmark
          initialValue={typed.current}
          onSubmit={search}
          onNavigate={onSearch}
          submitButton={submitButton}
        />
        <AfterLoad
          run={() => {
            if (focused.current) wrapper.current?.querySelector('input')?.focus();
          }}
        />
      </Suspense>
    </div>
  );
}
