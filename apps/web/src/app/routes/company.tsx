import { messagesResearch } from '@portal/contract';
import { Link, useParams } from 'react-router';
import { ErrorState, LoadingState } from '../../components/status.tsx';
import { useCompany } from '../../features/research/api/research-queries.ts';
import classes from '../../features/research/components/pages.module.css';
import { ResearchList } from '../../features/research/components/research-list.tsx';
import { EditBiography } from '../../features/site-admin/components/edit-biography.tsx';
import { idFromParam, regionPath, sectorPath } from '../../lib/format.ts';
import { renderRichHtml } from '../../lib/safe-html.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /companies/{id}: name, description and the company's reports. */
export default function CompanyRoute() {
  const id = idFromParam(useParams().id);
  const company = useCompany(id);
  const data = company.data;
  const name = data ? data.display || data.name : '';
  usePageTitle(name || 'Company');

  if (id > 0 && company.isPending) return <LoadingState label="Loading company" />;
  if (company.isError)
    return <ErrorState message={company.error.message} onRetry={() => void company.refetch()} />;
  if (!data)
    return (
      <div className={classes.page}>
        <h1 className={classes.title}>{messagesResearch.companyMissing}</h1>
      </div>
    );

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <p className={classes.eyebrow}>Company{data.sBBG_Code ? ` · ${data.sBBG_Code}` : ''}</p>
        <h1 className={classes.title}>{name}</h1>
        <p className={classes.meta}>
          {data.sector && <Link to={sectorPath(data.sector.id, data.sector.sName)}>{data.sector.sName}</Link>}
          {data.sector && data.country && ' · '}
          {data.country && <Link to={regionPath(data.country.name)}>{data.country.name}</Link>}
        </p>
        {/* No description, nothing: 'No Description' read as the company's description (issue 21). */}
        <EditBiography entity="L" id={data.id} name={name} html={data.description}>
          {data.description?.trim() && <div className={classes.rich}>{renderRichHtml(data.description)}</div>}
        </EditBiography>
      </header>
      <section aria-labelledby="company-reports">
        <h2 id="company-reports" className={classes.sectionTitle}>
          Research on {name}
        </h2>
        <ResearchList title={`Reports on ${name}`} base={{ type: 'all', company: data.id }} />
      </section>
    </div>
  );
}
