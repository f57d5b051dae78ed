import classes from '../../features/research/components/pages.module.css';
import { ResearchList } from '../../features/research/components/research-list.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /SavedResearches: the reports the reader saved (list type 'saved'). */
export default function SavedResearchRoute() {
  usePageTitle('Saved research');
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <p className={classes.eyebrow}>Your library</p>
        <h1 className={classes.title}>Saved research</h1>
      </header>
      <ResearchList title="Saved reports" variant="full" base={{ type: 'saved' }} />
    </div>
  );
}
