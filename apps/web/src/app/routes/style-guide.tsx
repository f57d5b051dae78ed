import '@mantine/core/styles/Accordion.css';
import { Accordion, Alert, Badge, Button, Checkbox, TextInput } from '@mantine/core';
import { messages } from '@portal/contract';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { FormAlert, FormSuccess } from '../../components/forms/form-feedback.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../features/auth/components/password-field.tsx';
import access from '../../features/content/components/access.module.css';
import classes from '../../features/content/components/content.module.css';
import { PageHeader } from '../../features/content/components/page-header.tsx';
import { RichContentSkeleton } from '../../features/content/components/rich-content.tsx';
import guide from '../../features/content/components/style-guide.module.css';
import { useOurPeople } from '../../features/research/api/research-queries.ts';
import { PersonCard, PersonCardPlaceholder } from '../../features/research/components/person-card.tsx';
import { ReportCardSkeleton } from '../../features/research/components/report-card.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

const colourTokens = [
  { token: '--portal-ink', use: 'Brand ink: headings, header, footer' },
  { token: '--portal-ink-2', use: 'Secondary ink: links on cards, gradients' },
  { token: '--portal-text', use: 'Body text' },
  { token: '--portal-muted', use: 'Secondary text (AA on white and canvas)' },
  { token: '--portal-accent', use: 'Accent rules and highlights (never text on white)' },
  { token: '--portal-canvas', use: 'Page background' },
  { token: '--portal-surface', use: 'Cards and panels' },
  { token: '--portal-rule', use: 'Borders and dividers' },
  { token: '--portal-focus', use: 'Focus outline' },
  { token: '--portal-error', use: 'Errors' },
  { token: '--portal-success', use: 'Confirmations' },
] as const;

function Swatch({ token, use }: { token: string; use: string }) {
  const [value, setValue] = useState('');
  useEffect(() => {
    setValue(getComputedStyle(document.documentElement).getPropertyValue(token).trim());
  }, [token]);
  return (
    <li className={guide.swatch}>
      <span className={guide.chip} style={{ background: `var(${token})` }} aria-hidden="true" />
      <span className={guide.swatchText}>
        <code>{token}</code>
        <span className={guide.swatchValue}>{value}</span>
        <span className={guide.swatchUse}>{use}</span>
      </span>
    </li>
  );
}

function GuideSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={guide.section}>
      <h2 id={id} className={guide.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function LivePersonCard() {
  const people = useOurPeople();
  const person = people.data?.data[0];
  return person ? <PersonCard person={person} descriptionLimit={120} /> : <PersonCardPlaceholder />;
}

/** /styleGuide: the design system's tokens and the real components the screens are built from. */
export default function StyleGuideRoute() {
  usePageTitle('Style Guide');
  const [accepted, setAccepted] = useState(false);
  return (
    <div className={classes.page}>
      <PageHeader
        eyebrow="Design system"
        title="Style Guide"
        lead="The colours, type and components every screen of the portal is built from. Everything on this page is the live component, not a picture of it."
      />

      <GuideSection title="Colours">
        <ul className={guide.swatches}>
          {colourTokens.map((colour) => (
            <Swatch key={colour.token} {...colour} />
          ))}
        </ul>
      </GuideSection>

      <GuideSection title="Type scale">
        <div className={guide.panel}>
          <div className={guide.typeRow}>
            <span className={guide.typeLabel}>Display · serif 600</span>
            <p className={`${classes.title} ${guide.specimen}`}>Independent research, clearly written</p>
          </div>
          <div className={guide.typeRow}>
            <span className={guide.typeLabel}>Section · serif 600</span>
            <p className={`${guide.h2} ${guide.specimen}`}>Regional banks: margins at the turn</p>
          </div>
          <div className={guide.typeRow}>
            <span className={guide.typeLabel}>Sub-section · serif 600</span>
            <p className={`${guide.h3} ${guide.specimen}`}>Capital, funding and asset quality</p>
          </div>
          <div className={guide.typeRow}>
            <span className={guide.typeLabel}>Lead · sans 1.1rem</span>
            <p className={`${classes.lead} ${guide.specimen}`}>
              Long-form text sits at a comfortable measure with generous line height.
            </p>
          </div>
          <div className={guide.typeRow}>
            <span className={guide.typeLabel}>Body · sans 1rem</span>
            <p className={guide.specimen}>
              Body text uses the system sans-serif stack at 16 px and a line height of 1.7 in articles.
            </p>
          </div>
          <div className={guide.typeRow}>
            <span className={guide.typeLabel}>Label · caps 12 px</span>
            <p className={`${classes.eyebrow} ${guide.specimen}`}>Eyebrow label</p>
          </div>
        </div>
      </GuideSection>

      <GuideSection title="Buttons">
        <div className={`${guide.panel} ${guide.row}`}>
          <Button>Primary</Button>
          <Button variant="outline">Secondary</Button>
          <Button variant="light">Light</Button>
          <Button variant="subtle">Subtle</Button>
          <Button disabled>Disabled</Button>
          <Button size="sm">Small</Button>
          <Badge variant="light">Badge</Badge>
        </div>
      </GuideSection>

      <GuideSection title="Inputs">
        <div className={`${guide.panel} ${guide.inputs}`}>
          <TextInput label="Email" type="email" placeholder="name@company.com" autoComplete="off" />
          <PasswordField label="Password" autoComplete="off" />
          <TextInput
            label="Company name"
            defaultValue="A"
            error={messages.validation.companyRequired}
            autoComplete="off"
          />
          <Checkbox
            label="I accept the Terms of Use"
            checked={accepted}
            onChange={(event) => setAccepted(event.currentTarget.checked)}
          />
        </div>
      </GuideSection>

      <GuideSection title="Notices">
        <div className={`${guide.panel} ${guide.stack}`}>
          <Notice>{messages.notices.registrationConfirmed}</Notice>
          <FormSuccess>{messages.auth.passwordChanged}</FormSuccess>
          <FormAlert>{messages.auth.invalidCredentials}</FormAlert>
          <Alert title="Information" variant="light">
            {messages.pages.cookieBanner}
          </Alert>
        </div>
      </GuideSection>

      <GuideSection title="Cards">
        <div className={guide.cards}>
          <div className={guide.cardCell}>
            <span className={guide.typeLabel}>Person card (live)</span>
            <LivePersonCard />
          </div>
          <div className={guide.cardCell}>
            <span className={guide.typeLabel}>Capability card</span>
            <div className={access.capability}>
              <h3 className={access.capabilityTitle}>Independent research</h3>
              <p className={access.capabilityText}>
                In-depth company, sector and macro research, free of banking conflicts.
              </p>
            </div>
          </div>
          <div className={guide.cardCell}>
            <span className={guide.typeLabel}>Report card (loading)</span>
            <ReportCardSkeleton />
          </div>
          <div className={guide.cardCell}>
            <span className={guide.typeLabel}>Rich text (loading)</span>
            <RichContentSkeleton label="Loading example" lines={4} busy={false} />
          </div>
        </div>
      </GuideSection>

      <GuideSection title="Disclosure">
        <Accordion
          order={3}
          variant="separated"
          className={access.accordion}
          classNames={{ item: access.accordionItem, label: access.accordionLabel }}
        >
          <Accordion.Item value="keyboard">
            <Accordion.Control>Keyboard use</Accordion.Control>
            <Accordion.Panel>
              Every control is reachable with Tab, shows a visible focus ring, and opens with Enter or Space.
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      </GuideSection>
    </div>
  );
}
