import { Button } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { HeaderImage } from '../../components/header-image.tsx';
import { usePageParameters } from '../../features/content/api/content-queries.ts';
import contact from '../../features/content/components/contact.module.css';
import classes from '../../features/content/components/content.module.css';
import { SupportCard } from '../../features/content/components/page-aside.tsx';
import { PageHeader } from '../../features/content/components/page-header.tsx';
import { PageError } from '../../features/content/components/page-states.tsx';
import { RichContent, RichContentSkeleton } from '../../features/content/components/rich-content.tsx';
import { firmDetails } from '../../features/content/lib/firm-details.ts';
import { isBlankHtml } from '../../lib/safe-html.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

const title = 'Contact Us';
const contactParameter = 'sRshWebContactHTML';
const officesParameter = 'sRshWebOfficesHTML';
const parameterNames = [contactParameter, officesParameter] as const;

/**
 * /contact: the stored contact block (sRshWebContactHTML) and offices (sRshWebOfficesHTML), fetched together
 * through the comma-list form, beside the client-support contacts of the runtime configuration and the two
 * contact forms.
 */
export default function ContactRoute() {
  usePageTitle(title);
  const firm = firmDetails();
  const parameters = usePageParameters(parameterNames);
  const formsId = useId();
  const contactHtml = parameters.data?.get(contactParameter) ?? '';
  const officesHtml = parameters.data?.get(officesParameter) ?? '';

  return (
    <div className={classes.page}>
      <HeaderImage pageKey="contact" />
      <PageHeader
        eyebrow={firm.firm}
        title={title}
        lead="We would be glad to hear from you. Reach our client services team directly, or send us a message and the right person will get back to you."
      />
      <div className={contact.layout}>
        <div className={contact.main}>
          {parameters.isPending ? (
            <RichContentSkeleton label={`Loading ${title}`} lines={5} />
          ) : parameters.isError ? (
            <PageError onRetry={() => void parameters.refetch()} />
          ) : (
            <>
              {!isBlankHtml(contactHtml) && <RichContent html={contactHtml} topHeading={2} />}
              {/* The stored offices block carries its own heading. */}
              {!isBlankHtml(officesHtml) && <RichContent html={officesHtml} topHeading={2} />}
            </>
          )}
        </div>
        <aside className={contact.aside} aria-label="Ways to reach us">
          <SupportCard withAddress />
          <section aria-labelledby={formsId} className={contact.card}>
            <h2 id={formsId} className={contact.heading}>
              Send us a message
            </h2>
            <p className={contact.text}>
              Tell us about yourself so we can direct your message to the right team.
            </p>
            <div className={contact.actions}>
              <Button component={Link} to="/AOI/Investor">
                I am an Investor
              </Button>
              <Button component={Link} to="/AOI/Analyst" variant="outline">
                I am an Analyst
              </Button>
            </div>
          </section>
        </aside>
      </div>
    </div>
  );
}
