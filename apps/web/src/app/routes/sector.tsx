import { defaultKeyChartCategory, keyChartsSectorId, messagesResearch } from '@portal/contract';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import defaultCover from '../../assets/sector-cover.svg';
import { EmptyState, ErrorState, LoadingState } from '../../components/status.tsx';
import { useKeyCharts, useSector, useSectorTeam } from '../../features/research/api/research-queries.ts';
import { KeyChart } from '../../features/research/components/key-chart.tsx';
import classes from '../../features/research/components/pages.module.css';
import { PersonCard } from '../../features/research/components/person-card.tsx';
import { ResearchList } from '../../features/research/components/research-list.tsx';
import { idFromParam, imageUrl } from '../../lib/format.ts';
import { htmlToText } from '../../lib/safe-html.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

function Team({ sectorId }: { sectorId: number }) {
  const team = useSectorTeam(sectorId);
  if (team.isPending) return <LoadingState label="Loading the team" />;
  if (team.isError) return <ErrorState message={team.error.message} onRetry={() => void team.refetch()} />;
  if (team.data.length === 0) return null;
  return (
    <section aria-labelledby="sector-team">
      <h2 id="sector-team" className={classes.sectionTitle}>
        The team
      </h2>
      <ul className={classes.team}>
        {team.data.map((person) => (
          <li key={person.id}>
            <PersonCard person={person} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Charts({ sectorId }: { sectorId: number }) {
  const charts = useKeyCharts(sectorId, true);
  const [category, setCategory] = useState<string>(defaultKeyChartCategory);
  const id = useId();
  if (charts.isPending) return <LoadingState label="Loading charts" />;
  if (charts.isError)
    return <ErrorState message={charts.error.message} onRetry={() => void charts.refetch()} />;
  const categories = [...new Set(charts.data.map((c) => c.category))];
  if (!categories.includes(defaultKeyChartCategory)) categories.unshift(defaultKeyChartCategory);
  const shown = charts.data.filter((c) => c.category === category);
  return (
    <div>
      <div role="tablist" aria-label="Chart categories" className={classes.subTabs}>
        {categories.map((name, index) => (
          <button
            key={name}
            id={`${id}-${index}`}
            type="button"
            role="tab"
            aria-selected={name === category}
            aria-controls={`${id}-panel`}
            tabIndex={name === category ? 0 : -1}
            className={classes.chip}
            onClick={() => setCategory(name)}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const next = (index + step + categories.length) % categories.length;
              setCategory(categories[next] ?? name);
              document.getElementById(`${id}-${next}`)?.focus();
            }}
          >
            {name}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${categories.indexOf(category)}`}>
        {shown.length === 0 ? (
          <EmptyState>{messagesResearch.noCharts}</EmptyState>
        ) : (
          <div className={classes.chartGrid}>
            {shown.map((chart) => (
              <KeyChart key={chart.id} chart={chart} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/** /sectors/{id}_{slug}: cover, team and reports; sector 10000131 adds a Charts tab (spec 1 section 2.6). */
export default function SectorRoute() {
  const id = idFromParam(useParams().product);
  const sector = useSector(id);
  const [tab, setTab] = useState<'reports' | 'charts'>('reports');
  const tabsId = useId();
  const [coverFailed, setCoverFailed] = useState(false);
  const data = sector.data;
  usePageTitle(data?.sName ?? 'Sector');

  if (id > 0 && sector.isPending) return <LoadingState label="Loading sector" />;
  if (sector.isError)
    return <ErrorState message={sector.error.message} onRetry={() => void sector.refetch()} />;
  if (!data)
    return (
      <div className={classes.page}>
        <h1 className={classes.title}>{messagesResearch.sectorMissing}</h1>
      </div>
    );

  const reports = <ResearchList title={`${data.sName} reports`} base={{ type: 'all', sector: data.id }} />;
  const withCharts = data.id === keyChartsSectorId;
  return (
    <div className={classes.page}>
      <header className={classes.cover}>
        <img
          src={coverFailed ? defaultCover : (imageUrl(data.image) ?? defaultCover)}
          alt=""
          onError={() => setCoverFailed(true)}
        />
        <div className={classes.coverText}>
          <p className={classes.eyebrow}>Sector</p>
          <h1 className={classes.title}>{data.sName}</h1>
          {data.description && <p className={classes.lead}>{htmlToText(data.description)}</p>}
        </div>
      </header>
      <Team sectorId={data.id} />
      {withCharts ? (
        <section aria-label={`${data.sName} research and charts`}>
          <div role="tablist" aria-label={`${data.sName} content`} className={classes.tabs}>
            {(
              [
                ['reports', 'Reports'],
                ['charts', 'Charts'],
              ] as const
            ).map(([value, label]) => (
              <button
                key={value}
                id={`${tabsId}-${value}`}
                type="button"
                role="tab"
                aria-selected={tab === value}
                aria-controls={`${tabsId}-panel`}
                tabIndex={tab === value ? 0 : -1}
                className={classes.tab}
                onClick={() => setTab(value)}
                onKeyDown={(event) => {
                  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
                  const next = tab === 'reports' ? 'charts' : 'reports';
                  setTab(next);
                  document.getElementById(`${tabsId}-${next}`)?.focus();
                }}
              >
                {label}
              </button>
            ))}
          </div>
          <div id={`${tabsId}-panel`} role="tabpanel" aria-labelledby={`${tabsId}-${tab}`}>
            {tab === 'reports' ? reports : <Charts sectorId={data.id} />}
          </div>
        </section>
      ) : (
        <section aria-labelledby="sector-reports">
          <h2 id="sector-reports" className={classes.sectionTitle}>
            Research
          </h2>
          {reports}
        </section>
      )}
    </div>
  );
}
