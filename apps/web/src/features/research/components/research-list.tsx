import { Button } from '@mantine/core';
import { messagesReportAdmin, messagesResearch } from '@portal/contract';
import { useId, useState } from 'react';
import { cardLimits, formatPublishedDate } from '../../../lib/format.ts';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { useSession } from '../../../lib/session.ts';
import type { ResearchFilters } from '../api/research-api.ts';
import { useReports } from '../api/research-queries.ts';
import { useInfiniteTrigger } from '../hooks/use-infinite-trigger.ts';
import { useStoredTags } from '../hooks/use-stored-tags.ts';
import { dateRangeOf, isDateRangeTag } from '../lib/date-range-tag.ts';
import { DateRangeFilter } from './date-range-filter.tsx';
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

export type ResearchTab = 'mine' | 'all';

/** '1 Jan 2026' for a YYYY-MM-DD day (a calendar day: no time zone may move it). */
const dayLabel = (day: string) => formatPublishedDate(`${day}T00:00:00Z`, 'UTC');

export interface ResearchListProps {
  /** Fixed filters of the page (sector, analyst, company, region, list type). */
  base: Omit<ResearchFilters, 'q' | 'tags' | 'mine'>;
  /**
   * 'full' adds the My Research / All Reports tabs and, on the unfiltered list of all reports only, the
   * highlighted section and the side panel.
   */
  variant?: 'full' | 'embedded';
  /** Controlled tab of the full list (the search page keeps it in the address: /search?tab=mine). */
  tab?: ResearchTab;
  onTabChange?: (tab: ResearchTab) => void;
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
  tab: controlledTab,
  onTabChange,
  title,
}: ResearchListProps) {
  const { user } = useSession();
  const [ownQ, setOwnQ] = useState('');
  const q = controlledQ ?? ownQ;
  const setQ = onQueryChange ?? setOwnQ;
  const [tags, setTags] = useStoredTags();
  const [view, setView] = useState<ResearchView>('list');
  const [ownTab, setOwnTab] = useState<ResearchTab>('all');
  const tab = controlledTab ?? ownTab;
  const setTab = onTabChange ?? setOwnTab;
  const npi = user?.type === 'npi';
  const full = variant === 'full';
  const showTabs = full && !npi && Boolean(user) && base.type !== 'saved';
  const dateRange = dateRangeOf(tags);
  const textTags = tags.filter((tag) => !isDateRangeTag(tag));
  // A results page (a query or a tag) shows only what follows the query and the filters: the highlighted
  // reports and the Must Read / Most Viewed panel are the same for every query, so next to results they would
  // contradict them (a search for 'semicond' headed by three consumer reports). They belong to the unfiltered
  // list of all reports; the saved list is the reader's own, so they are not there either.
  const filtered = q.trim() !== '' || tags.length > 0;
  const showDiscovery = full && !filtered && base.type === 'all';
  const clearFilters = () => setTags([]);
  // npi readers see the firm's branded selection (spec 2 "Report Management": reports at least 7 days old that
  // an admin selected) under its header, instead of every report.
  const listBase: ResearchFilters = full && npi && base.type === 'all' ? { ...base, type: 'select' } : base;
  const filters: ResearchFilters = { ...listBase, q, tags, mine: showTabs && tab === 'mine' };
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
        <DateRangeFilter tags={tags} onChange={setTags} />
        <div className={classes.toolbarRow}>
          {filtered && (
            // What filters the list, in words: a tag carried over from a menu or another page is said here as
            // well as shown in the tag box, with one button to drop every filter.
            <p className={classes.activeQuery}>
              {q && controlledQ === undefined && (
                <span>
                  Results for <strong>“{q}”</strong>
                </span>
              )}
              {textTags.length > 0 && (
                <span>
                  Tagged <strong>{textTags.join(', ')}</strong>
                </span>
              )}
              {dateRange && (
                <span>
                  Published{' '}
                  <strong>
                    {dayLabel(dateRange.start)} – {dayLabel(dateRange.end)}
                  </strong>
                </span>
              )}
              {q && (
                <button type="button" className={classes.linkButton} onClick={() => setQ('')}>
                  {messagesResearch.clearSearch}
                </button>
              )}
              {tags.length > 0 && (
                <button type="button" className={classes.linkButton} onClick={clearFilters}>
                  {messagesResearch.clearFilters}
                </button>
              )}
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
            <p>{reports.error.message || messagesResearch.loadFailed}</p>
            <Button variant="outline" onClick={() => void reports.refetch()}>
              Try again
            </Button>
          </div>
        ) : items.length === 0 ? (
          filtered ? (
            // The spec's empty-list text stays; a filtered list says why beneath it and offers to clear.
            <div className={classes.empty}>
              <p>{messagesResearch.noReports}</p>
              <p>{messagesResearch.noMatches}</p>
              {tags.length > 0 && (
                <Button variant="outline" onClick={clearFilters}>
                  {messagesResearch.clearFilters}
                </Button>
              )}
            </div>
          ) : (
            <p className={classes.empty}>{messagesResearch.noReports}</p>
          )
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
                {messagesResearch.loadFailed}
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
          <p className={classes.npiTitle}>{messagesReportAdmin.selectName(getRuntimeConfig().firm.name)}</p>
          <p className={classes.npiText}>
            Choose a tag, a company or a sector to narrow the reports you can read.
          </p>
        </header>
      ) : (
        showDiscovery && <HighlightedReports />
      )}
      <div className={classes.columns} data-aside={showDiscovery || undefined}>
        {list}
        {showDiscovery && <ResearchSidePanel />}
      </div>
    </div>
  );
}
