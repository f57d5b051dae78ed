import '@mantine/core/styles/Accordion.css';
import { Accordion, Button } from '@mantine/core';
import { accessPage, messagesSite } from '@portal/contract';
import { useEffect, useId } from 'react';
import { Link, useLocation } from 'react-router';
import { parseSampleReports } from '../../features/content/api/content-api.ts';
import { usePageParameter } from '../../features/content/api/content-queries.ts';
import access from '../../features/content/components/access.module.css';
import classes from '../../features/content/components/content.module.css';
import { PageError } from '../../features/content/components/page-states.tsx';
import { taglineTargets } from '../../features/site/components/tagline-strip.tsx';
import { reportPath } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

function SampleReports() {
  const parameter = usePageParameter('sAccessSampleReports');
  if (parameter.isPending)
    return (
      <ul className={access.samples} aria-busy="true" aria-label="Loading sample reports">
        {Array.from({ length: 4 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className={`${access.sample} ${access.sampleSkeleton}`} />
        ))}
      </ul>
    );
  if (parameter.isError) return <PageError onRetry={() => void parameter.refetch()} />;
  const reports = parseSampleReports(parameter.data);
  if (reports.length === 0) return null;
  return (
    <ul className={access.samples}>
      {reports.map((report, index) => (
        <li key={report.id} className={access.sample}>
          <span className={access.sampleIndex} aria-hidden="true">
            {String(index + 1).padStart(2, '0')}
          </span>
          <h3 className={access.sampleTitle}>
            <Link to={reportPath(report.id, report.title)} className={access.sampleLink}>
              {report.title}
            </Link>
          </h3>
          <span className={access.sampleHint} aria-hidden="true">
            Read the sample →
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A capability's anchor: 'Data and fintech' is #data-and-fintech (the taglines link to them). */
const capabilityId = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** /access (spec 3 section 2): capabilities, the 360° service accordions and four linked sample reports. */
export default function AccessRoute() {
  usePageTitle('Access');
  // The router does not scroll to a #fragment: a tagline's #advisory shows that capability.
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, [hash]);
  const ids = { capabilities: useId(), stakeholders: useId(), services: useId() };
  const { capabilities, stakeholders, services } = accessPage;
  return (
    <div className={`${classes.page} ${access.page}`}>
      <header className={access.hero}>
        <div className={access.heroText}>
          <p className={access.heroEyebrow}>Access</p>
          <h1 className={access.heroTitle}>{accessPage.title}</h1>
          <p className={access.heroLead}>{accessPage.lead}</p>
          <div className={access.heroActions}>
            <Button component={Link} to="/signup" color="var(--portal-accent)" c="var(--portal-ink)">
              Request access
            </Button>
            <Button component={Link} to="/contact" variant="outline" color="#ffffff">
              Contact us
            </Button>
          </div>
        </div>
        <ul className={access.taglines} aria-label="What we offer">
          {messagesSite.taglines.map((tagline) => (
            <li key={tagline}>
              <Link to={taglineTargets[tagline]} className={access.taglineLink}>
                {tagline}
              </Link>
            </li>
          ))}
        </ul>
      </header>

      <section aria-labelledby={ids.capabilities} className={access.section}>
        <h2 id={ids.capabilities} className={access.sectionTitle}>
          {capabilities.heading}
        </h2>
        <ul className={access.capabilities}>
          {capabilities.items.map((item) => (
            <li key={item.title} id={capabilityId(item.title)} className={access.capability}>
              <h3 className={access.capabilityTitle}>{item.title}</h3>
              <p className={access.capabilityText}>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={ids.stakeholders} className={access.section}>
        <h2 id={ids.stakeholders} className={access.sectionTitle}>
          {stakeholders.heading}
        </h2>
        <Accordion
          order={3}
          variant="separated"
          radius="sm"
          className={access.accordion}
          classNames={{ item: access.accordionItem, label: access.accordionLabel }}
        >
          {stakeholders.items.map((item) => (
            <Accordion.Item key={item.id} value={item.id}>
              <Accordion.Control>{item.title}</Accordion.Control>
              <Accordion.Panel>
                <p className={access.accordionText}>{item.text}</p>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </section>

      <section aria-labelledby={ids.services} className={access.section}>
        <h2 id={ids.services} className={access.sectionTitle}>
          {services.heading}
        </h2>
        <p className={access.sectionText}>{services.text}</p>
        <SampleReports />
      </section>
    </div>
  );
}
