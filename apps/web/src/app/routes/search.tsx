import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PostSearchResults } from '../../features/blogs/components/post-search-results.tsx';
import classes from '../../features/research/components/pages.module.css';
import { ResearchList, type ResearchTab } from '../../features/research/components/research-list.tsx';
import { ReplaySearchResults } from '../../features/videos/components/replay-search-results.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * /search?q= and /search/{q}: the research list over the free text (spec 1 section 2.6). `tab=mine` opens the
 * My Research tab, so a menu can link straight to either tab; the tab stays in the address as it changes.
 * Matching blog posts show as a group of their own above the reports.
 */
export default function SearchRoute() {
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const q = (searchParams.get('q') ?? params.q ?? '').trim();
  const tab: ResearchTab = searchParams.get('tab') === 'mine' ? 'mine' : 'all';
  usePageTitle(q ? `Search: ${q}` : 'Research');
  const withTab = (path: string, next: ResearchTab) =>
    next === 'mine' ? `${path}${path.includes('?') ? '&' : '?'}tab=mine` : path;
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <p className={classes.eyebrow}>Research</p>
        {/* Says only what the list shows: the filters below are named beside the list, not claimed away here. */}
        <h1 className={classes.title}>{q ? `Results for “${q}”` : 'Research'}</h1>
      </header>
      {/* Posts first: a handful of notes above the long report list (issue 14), found by the same words. */}
      {q && <PostSearchResults q={q} />}
      {/* Words spoken in the replays (issue 25), each line a link to its second. */}
      {q && <ReplaySearchResults q={q} />}
      <ResearchList
        title="Research reports"
        variant="full"
        base={{ type: 'all' }}
        q={q}
        onQueryChange={(next) =>
          navigate(withTab(next ? `/search?q=${encodeURIComponent(next)}` : '/search', tab))
        }
        tab={tab}
        onTabChange={(next) =>
          setSearchParams(
            (current) => {
              const updated = new URLSearchParams(current);
              if (next === 'mine') updated.set('tab', 'mine');
              else updated.delete('tab');
              return updated;
            },
            { replace: true },
          )
        }
      />
    </div>
  );
}
