import { useNavigate, useParams, useSearchParams } from 'react-router';
import classes from '../../features/research/components/pages.module.css';
import { ResearchList } from '../../features/research/components/research-list.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /search?q= and /search/{q}: the research list over the free text (spec 1 section 2.6). */
export default function SearchRoute() {
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const q = (searchParams.get('q') ?? params.q ?? '').trim();
  usePageTitle(q ? `Search: ${q}` : 'Research');
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <p className={classes.eyebrow}>Research</p>
        <h1 className={classes.title}>{q ? `Results for “${q}”` : 'All research'}</h1>
      </header>
      <ResearchList
        title="Research reports"
        variant="full"
        base={{ type: 'all' }}
        q={q}
        onQueryChange={(next) => navigate(next ? `/search?q=${encodeURIComponent(next)}` : '/search')}
      />
    </div>
  );
}
