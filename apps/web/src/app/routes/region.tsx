import { useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/status.tsx';
import { useCountries } from '../../features/research/api/research-queries.ts';
import classes from '../../features/research/components/pages.module.css';
import { ResearchList } from '../../features/research/components/research-list.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * /regions/{name} and /region/{name}: the reports of a region. Country suggestions link here too, so a name that
 * is a country (not a region) lists that country's reports.
 */
export default function RegionRoute() {
  const name = (useParams().product ?? '').trim();
  const countries = useCountries();
  usePageTitle(name || 'Region');
  if (countries.isPending) return <LoadingState label="Loading region" />;
  if (countries.isError)
    return <ErrorState message={countries.error.message} onRetry={() => void countries.refetch()} />;

  const lower = name.toLowerCase();
  const region = countries.data.regions.find((r) => r.name.toLowerCase() === lower);
  const country = region ? undefined : countries.data.data.find((c) => c.name.toLowerCase() === lower);
  const members = region
    ? countries.data.data.filter((c) => c.region?.id === region.id).map((c) => c.name)
    : [];
  const title = region?.name ?? country?.name ?? name;
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <p className={classes.eyebrow}>
          {country ? `Country${country.region ? ` · ${country.region.name}` : ''}` : 'Region'}
        </p>
        <h1 className={classes.title}>{title}</h1>
        {members.length > 0 && <p className={classes.lead}>Covering {members.join(', ')}</p>}
      </header>
      <ResearchList
        title={`${title} reports`}
        base={country ? { type: 'all', country: country.id } : { type: 'all', region: title }}
      />
    </div>
  );
}
