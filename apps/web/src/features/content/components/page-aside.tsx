import { useId } from 'react';
import { Link } from 'react-router';
import { firmDetails, telHref } from '../lib/firm-details.ts';
import contact from './contact.module.css';
import { EmailLink } from './email-link.tsx';

export interface AsideLink {
  to: string;
  label: string;
}

/** The firm's client-support contacts (runtime configuration), optionally with its address. */
export function SupportCard({ withAddress = false }: { withAddress?: boolean }) {
  const firm = firmDetails();
  const supportId = useId();
  return (
    <section aria-labelledby={supportId} className={contact.card}>
      <h2 id={supportId} className={contact.heading}>
        Client support
      </h2>
      <dl className={contact.details}>
        <dt>Phone</dt>
        <dd>
          <a href={telHref(firm.phone)}>{firm.phone}</a>
        </dd>
        <dt>E-mail</dt>
        <dd>
          <EmailLink email={firm.email} />
        </dd>
        {withAddress && (
          <>
            <dt>Address</dt>
            <dd>
              <address>{firm.address}</address>
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** A side card with the firm's client-support contacts and links to related pages. */
export function PageAside({ title, links }: { title: string; links: readonly AsideLink[] }) {
  const linksId = useId();
  return (
    <aside className={contact.aside}>
      <SupportCard />
      <nav aria-labelledby={linksId} className={contact.card}>
        <h2 id={linksId} className={contact.heading}>
          {title}
        </h2>
        <ul className={contact.links}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={contact.link}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
