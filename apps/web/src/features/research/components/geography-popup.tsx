import type { ReportCard } from '@portal/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { companyPath, regionPath } from '../../../lib/format.ts';
import classes from './research.module.css';

/**
 * Spec 1 section 2.6: the companies of a report, else its countries, in a popup that opens on hover and on
 * keyboard focus (a disclosure button, so touch and screen-reader users can open it too). A report with neither
 * shows nothing: a placeholder ('No Geography') read as if it were the report's geography (issue 21).
 */
export function GeographyPopup({ report }: { report: Pick<ReportCard, 'companies' | 'countries'> }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const items =
    report.companies.length > 0
      ? report.companies.map((c) => ({
          key: `c${c.id}`,
          label: c.display || c.name,
          href: companyPath(c.id),
        }))
      : report.countries.map((c) => ({ key: `n${c.id}`, label: c.name, href: regionPath(c.name) }));
  if (items.length === 0) return null;
  const first = items[0]?.label ?? '';
  const summary = items.length > 1 ? `${first} +${items.length - 1}` : first;
  const kind = report.companies.length > 0 ? 'Companies' : 'Countries';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only mirrors what the button does
    <span
      className={classes.geo}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        className={classes.geoButton}
        aria-expanded={open}
        aria-controls={id}
        aria-label={`${kind}: ${summary}`}
        onClick={() => setOpen((value) => !value)}
        onFocus={() => setOpen(true)}
      >
        {summary}
      </button>
      <span id={id} className={classes.geoPopup} hidden={!open}>
        <span className={classes.geoPopupTitle}>{kind}</span>
        <ul className={classes.geoList}>
          {items.map((item) => (
            <li key={item.key}>
              <Link to={item.href}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </span>
    </span>
  );
}
