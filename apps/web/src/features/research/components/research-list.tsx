import { Button } from '@mantine/core';
import { messages } from '@portal/contract';
import { useId, useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import type { ResearchFilters } from '../api/research-api.ts';
import { useReports } from '../api/research-queries.ts';
import { useInfiniteTrigger } from '../hooks/use-infinite-trigger.ts';
import { useStoredTags } from '../hooks/use-stored-tags.ts';
import { cardLimits } from '../lib/format.ts';
import { ReportCard, ReportCardSkeleton, type ResearchView } from './report-card.tsx';
import classes from './research.module.css';
import { HighlightedReports, ResearchSidePanel } from './side-panel.tsx';
import { SuggestSearch } from './suggest-search.tsx';
import { addTag, TagsInput } from './tags-input.tsx';

const filterClasses = {
  form: classes.filterForm as string,
  input: classes.filterInput as string,
  label: classes.fieldLabel as string,
  popup: classes.suggestPopup as string,
  group: classes.suggestGroup as string,
  groupLabel: classes.suggestGroupLabel as string,
  option: classes.suggestOption as string,
  detail: classes.suggestDetail as string,
};

export interface ResearchListProps {
  /** Fixed filters of the page (sector, analyst, company, region, list type). */
  base: Omit<ResearchFilters, 'q' | 'tags' | 'mine'>;
  /** 'full' adds the My Research / All Reports tabs, the highlighted section and the side panel. */
  variant?: 'full' | 'embedded';
  /** Controlled free text (the search page keeps it in the address). */
  q?: string;
  onQueryChange?: (q: string) => void;
  /** Accessible name of the list region. */
  title: string;
}

/**
 * The research list of spec 1 section 2.6: filter box with suggestions, tag input, list/grid switch, tabs, side
 * panel, infinite scroll on the keyset cursor (with a Load more button for keyboard users), 20 skeleton cards.
 */
export function ResearchList({
  base,
  variant = 'embedded',
  q: controlledQ,
  onQueryChange,
  title,
}: ResearchListProps) {
  const { user } = useSession();
  const [ownQ, setOwnQ] = useState('');
  const q = controlledQ ?? ownQ;
  const setQ = onQueryChange ?? setOwnQ;
  const [tags, setTags] = useStoredTags();
  const [view, setView] = useState<ResearchView>('list');
  const [tab, setTab] = useState<'mine' | 'all'>('all');
  const npi = user?.type === 'npi';
  const full = variant === 'full';
  const showTabs = full && !npi && Boolean(user) && base.type !== 'saved';
  const filters: ResearchFilters = { ...base, q, tags, mine: showTabs && tab === 'mine' };
  const reports = useReports(filters);
  const listId = useId();

  const items = reports.data?.pages.flatMap((page) => page.data) ?? [];
  const more = reports.hasNextPage && !reports.isFetchingNextPage;
  const loadMore = () => {
    if (more) void reports.fetchNextPage();
  };
  const sentinel = useInfiniteTrigger(loadMore, more && !reports.isError);
  const onTag = (tag: string) => setTags([...addTag(tags, tag, true)]);

  const list = (
    <section className={classes.listArea} aria-label={title}>
      <div className={classes.toolbar}>
        <SuggestSearch
          key={q}
          label="Filter research"
          placeholder="Search titles, companies, analysts…"
          debounceMs={1000}
          classes={filterClasses}
          initialValue={q}
          onSubmit={setQ}
        />
        <TagsInput label="Tags" value={tags} onChange={setTags} placeholder="Add a tag" />
        <div className={classes.toolbarRow}>
          {q && (
            <p className={classes.activeQuery}>
              {controlledQ === undefined && (
                <>
                  Results for <strong>“{q}”</strong>{' '}
                </>
              )}
              <button type="button" className={classes.linkButton} onClick={() => setQ('')}>
                Clear search
              </button>
            </p>
          )}
          <fieldset className={classes.viewSwitch}>
            <legend className={classes.visuallyHidden}>View</legend>
            {(
              [
                ['list', 'List'],
                ['grid', 'Grid'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                type="button"
                className={classes.viewButton}
                aria-pressed={view === value}
                onClick={() => setView(value)}
              >
                {label} view
              </button>
            ))}
          </fieldset>
        </div>
      </div>

      {showTabs && (
        <div role="tablist" aria-label="Research" className={classes.tabs}>
          {(
            [
              ['mine', 'My Research'],
              ['all', 'All Reports'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`${listId}-tab-${value}`}
              aria-selected={tab === value}
              aria-controls={`${listId}-panel`}
              tabIndex={tab === value ? 0 : -1}
              className={classes.tab}
              onClick={() => setTab(value)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
                  const next = tab === 'mine' ? 'all' : 'mine';
                  setTab(next);
                  document.getElementById(`${listId}-tab-${next}`)?.focus();
                }
              }}
            >
              {label}
            </button>
          ))}
        </div>
      )}

      <div
        id={`${listId}-panel`}
        {...(showTabs ? { role: 'tabpanel', 'aria-labelledby': `${listId}-tab-${tab}` } : {})}
      >
        {reports.isPending ? (
          <div className={classes.cards} data-view={view} aria-busy="true">
            <span className={classes.visuallyHidden}>Loading research</span>
            {Array.from({ length: cardLimits.skeletons }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <ReportCardSkeleton key={i} view={view} />
            ))}
          </div>
        ) : reports.isError && items.length === 0 ? (
          <div role="alert" className={classes.errorBox}>
            <p>{reports.error.message || messages.research.loadFailed}</p>
            <Button variant="outline" onClick={() => void reports.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <p className={classes.empty}>{messages.research.noReports}</p>
        ) : (
          <>
            <ul className={classes.cards} data-view={view} aria-label={title}>
              {items.map((report) => (
                <li key={report.id}>
                  <ReportCard report={report} view={view} onTag={onTag} canSave={Boolean(user)} />
                </li>
              ))}
            </ul>
            <div ref={sentinel} className={classes.sentinel} />
            {reports.isFetchNextPageError && (
              <p role="alert" className={classes.error}>
                {messages.research.loadFailed}
              </p>
            )}
            {reports.hasNextPage && (
              <div className={classes.loadMore}>
                <Button variant="outline" onClick={loadMore} loading={reports.isFetchingNextPage}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );

  if (!full) return list;
  return (
    <div className={classes.researchPage}>
      {npi ? (
        <header className={classes.npiHeader}>
          <p className={classes.eyebrow}>Your research</p>
          <p className={classes.npiTitle}>Select research</p>
          <p className={classes.npiText}>
            Choose a tag, a company or a sector to narrow the reports you can read.
          </p>
        </header>
      ) : (
        <HighlightedReports />
      )}
      <div className={classes.columns}>
        {list}
        <ResearchSidePanel />
      </div>
    </div>
  );
}
