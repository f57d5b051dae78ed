import { useNavigate } from 'react-router';
import { SuggestSearch } from '../../features/research/components/suggest-search.tsx';
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

/**
 * Header search with grouped suggestions (debounced 500 ms, spec 1 section 9). Spec 1 section 5: the search is
 * submitted only when the text is non-empty.
 */
export function SearchBox({ onSearch }: { onSearch?: () => void }) {
  const navigate = useNavigate();
  return (
    <SuggestSearch
      label="Search research"
      placeholder="Search research"
      debounceMs={500}
      classes={searchClasses}
      asSearchLandmark
      onSubmit={(q) => {
        navigate(`/search?q=${encodeURIComponent(q)}`);
        onSearch?.();
      }}
      onNavigate={onSearch}
      submitButton={
        <button type="submit" className={classes.searchButton} aria-label="Search">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      }
    />
  );
}
