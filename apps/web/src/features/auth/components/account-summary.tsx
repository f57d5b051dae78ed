import type { CurrentUser } from '@portal/contract';
import classes from './settings.module.css';

export function AccountSummary({ user }: { user: CurrentUser }) {
  const rows: Array<[string, string]> = [
    ['Name', user.full_name],
    ['Email', user.email],
    ['Company', user.companyName || '—'],
    ['Status', user.status],
  ];
  return (
    <dl className={classes.summary}>
      {rows.map(([term, value]) => (
        <div key={term} className={classes.summaryRow}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
