import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messagesResearch } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../components/status.tsx';
import { useCompanies } from '../../features/research/api/research-queries.ts';
import classes from '../../features/research/components/pages.module.css';
import { companyPath } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** /companies: every covered company, with a search by name or code. */
export default function CompaniesRoute() {
  usePageTitle('Companies');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 500);
  const companies = useCompanies(q);
  const list = companies.data ?? [];
  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <p className={classes.eyebrow}>Coverage</p>
        <h1 className={classes.title}>Companies</h1>
      </header>
      <TextInput
        label="Search companies"
        type="search"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        style={{ maxWidth: 420 }}
      />
      {companies.isPending ? (
        <LoadingState label="Loading companies" />
      ) : companies.isError ? (
        <ErrorState message={companies.error.message} onRetry={() => void companies.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState>{messagesResearch.noCompanies}</EmptyState>
      ) : (
        <ul className={classes.companyList} aria-label="Companies" aria-busy={companies.isFetching}>
          {list.map((company) => (
            <li key={company.id} className={classes.companyItem}>
              <Link to={companyPath(company.id)}>{company.display || company.name}</Link>
              <span className={classes.meta}>
                {[company.sBBG_Code, company.sector?.sName, company.country?.name]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
