import { isPublicPageParameter, isPublicParameter } from '@portal/contract';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { parameters } from '../db/schema/index.ts';
import { subscriptionParameters } from './crm-parameters.ts';
import { commonEmailDomains } from './parameters.ts';
import type { SeedModule } from './seed-module.ts';

/** Inserts parameters that are not there yet (other modules or an administrator may have set some already). */
export const insertParametersIfAbsent = (db: Executor, values: Record<string, string>) =>
  db
    .insert(parameters)
    .values(
      Object.entries(values).map(([name, value]) => ({
        name,
        value,
        // Stored as public only when a contract allow-list names it; the services check the list again.
        isPublic: isPublicParameter(name) || isPublicPageParameter(name),
      })),
    )
    .onConflictDoNothing();

/**
 * Every configuration parameter named in spec 3 section 9, with working values (production included). The
 * firm's own details come from the runtime configuration, never from here.
 */
export const configurationParameters = (config: Config): Record<string, string> => ({
  // CONNECT appointments
  sRshWebConnAppHeadline: 'Book time with our analysts',
  sRshWebConnAppSubHeading:
    'Choose an analyst and a free slot. We confirm every meeting by e-mail, with a calendar invitation.',
  sRshWebConnAppNoAppointments:
    'There are no open appointment slots right now. Please check back soon or contact your account manager.',
  sConnectConfigJSON: JSON.stringify({
    eventsPerPage: 8,
    dateToBeConfirmedEventType: 2118400009,
    slotHidden: 'AA==',
    notSubscribed: 'AQ==',
    eventCallDelayMs: 2000,
    registrationReloadMs: [1500, 2500],
    approvalReloadMs: 3500,
  }),
  bEnableConnectBookings: '1',
  rw_CNTBkTalkToThe: 'Talk to the Analyst',
  // video replays
  rw_SubtitleHintText: 'Subtitles are generated automatically and may contain errors.',
  rw_HideTranscriptPanel: '0',
  // the subscription side's (issue 12): texts, templates and whom mails copy; one place, crm-parameters.ts
  ...subscriptionParameters(config),
  sCommonEmailDomain: commonEmailDomains.join(','),
  // pages and reports
  // What to ask whom; the page shows the support phone, e-mail and address beside it (from configuration).
  sRshWebContactHTML: [
    '<h2>How we can help</h2>',
    '<p><strong>Client services</strong> answers questions about subscriptions, access to reports and your',
    ' account, on business days.</p>',
    '<p><strong>Questions on our research</strong> go to the analyst who covers the company or sector: use',
    ' Talk to the Analyst on any report, or ask client services to put you in touch.</p>',
    '<p><strong>Your personal data</strong>: requests to see or correct the data we hold about you go to our',
    ' compliance contact through client services (see our <a href="/privacy">Privacy Policy</a>).</p>',
  ].join(''),
  // One discreet line at the foot of every page of every report.
  sRWReportWaterMarkJSON: JSON.stringify([
    {
      sectors: '',
      pages: '',
      WatermarkText: 'Prepared for @@ClientName@@ (@@CompanyName@@), user @@UserId@@',
      WatermarkAngle: 0,
      WatermarkColor: [120, 120, 120],
      WatermarkFontSize: 9,
      WatermarkXAlignment: 'Center',
      WatermarkYAlignment: 'Bottom',
      WatermarkWidthMul: 1,
      WatermarkHeightMul: 0.06,
    },
  ]),
  sWebCustomLinks: JSON.stringify({
    'Research portal': `${config.publicUrl}/`,
    'Access page': `${config.publicUrl}/access`,
    'Contact form (Investor)': `${config.publicUrl}/AOI/Investor`,
  }),
  rw_CopyLinkTo: config.publicUrl,
});

/** Spec 3 section 9's configuration parameters, in every environment; values already set are kept. */
export const siteParametersSeed: SeedModule = {
  name: 'site-parameters',
  async run({ db, config }) {
    await insertParametersIfAbsent(db, configurationParameters(config));
  },
};
