import {
  isPublicParameter,
  mailPlaceholders,
  mailTemplateNames,
  matrixConstants,
  subscriptionConfig,
  subscriptionMessages,
} from '@portal/contract';
import { eq } from 'drizzle-orm';
import escapeHtml from 'escape-html';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { parameters, pickListValues } from '../db/schema/index.ts';
import type { SeedModule } from './seed-module.ts';

/**
 * The subscription side's configuration (issue 12; spec 3 section 9), seeded in every environment: the texts of
 * the preference and unsubscribe screens, the notification mail templates and the unsubscribe reasons. The demo's
 * products, chips and staff ids are seed/crm.ts's.
 */

/** sUnsubRsns (spec 3 section 9): what a research firm's readers say when they leave. 'Other' stays last. */
export const unsubscribeReasons = [
  { valueId: 2125700001, text: 'I no longer cover this sector' },
  { valueId: 2125700002, text: 'Receiving too many e-mails' },
  { valueId: 2125700003, text: 'Content not relevant to my work' },
  { valueId: 2125700004, text: 'Budget constraints' },
  { valueId: 2125700005, text: 'Moving to another research provider' },
  { valueId: 2125700006, text: 'Leaving the firm or changing role' },
  // the unsubscribe screen finds this one by its text and asks for the reason in words
  { valueId: 2125700099, text: subscriptionMessages.unsubscribe.other },
] as const;

/** The parameters whose values are comma lists of person ids (senders, copies per mail case). */
export const personIdParameters = [
  'sRWClientSubEmailSenderID',
  'sRWClientUnsubRsnEmailSenderID',
  'sRWClientUnsubEmailSenderID',
  'sRWClientSubEmailPublicNoCCIDs',
  'sRWClientSubEmailPublicNoBccIDs',
  'sRWClientSubEmailPublicYesCCIDs',
  'sRWClientSubEmailPublicYesBccIDs',
  'sRWClientSubEmailExstClientCCIDs',
  'sRWClientSubEmailExstClientBccIDs',
] as const;

/** Template parameters (HTML bodies with @@ placeholders) and the subjects that go with them. */
export const mailTemplateParameters = mailTemplateNames;
export const mailSubjectParameters = [
  'sSubEmlTMPLTSubject',
  'sUnsubRsnEmlSubject',
  'sUnsubEmlTMPLTSubject',
] as const;

/** The @@Name@@ placeholders a text uses. */
export const placeholdersIn = (text: string) => [...text.matchAll(/@@\w+@@/g)].map((m) => m[0]);
const onlyKnownPlaceholders = (text: string) => placeholdersIn(text).every((p) => p in mailPlaceholders);

const paragraphs = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('');
// The mail code wraps these in the firm's layout and adds its contacts, the year and the unsubscribe footer.
const signOff = (firm: Config['firm']) => `Kind regards,<br>${escapeHtml(firm.name)}`;
const preferencesLink = '<a href="@@PreferencesUrl@@">subscription preferences</a>';

/** Values on a database that has none; production included. Sender and copy ids are the firm's to set. */
export const subscriptionParameters = (config: Config): Record<string, string> => {
  const { firm } = config;
  const name = escapeHtml(firm.name);
  return {
    // the preference screen (public: the screen reads them with /getParameter)
    sRWClientSubTitle: 'Research subscription preferences',
    sRWClientSubHeading:
      'Choose the products and sectors you would like to receive. Research you subscribe to is marked with a tick; select more to ask for it, or deselect a pending request to withdraw it.',
    sRWClientSubPayDialogText:
      'Some of the research you selected is part of a paid subscription. Would you like our sales team to contact you about subscribing?',
    sRWClientAlreadySubscribedText:
      'You already subscribe to this research. To stop receiving it, choose Unsubscribe: we will ask you why, and your account manager will be told.',
    sRWClientSubConfigJSON: JSON.stringify({ categories: [], colors: [] }),
    // the Z a chip counts as subscribed (only 'Subscriber' grants reading)
    sRWClientSubRelevantZAxis: String(matrixConstants.subscriberZ),
    scUsrMatrixFieldId: '2120500001',
    scCntMatrixFieldId: '2120500002',
    // who sends and who is copied: comma lists of staff person ids (the demo seeds its own staff)
    ...Object.fromEntries(personIdParameters.map((p) => [p, ''])),
    // the preference notification, one template per case
    sSubEmlTMPLTSubject: `Your ${firm.name} research preferences`,
    sWebEmlTMPLTExstClient: paragraphs(
      'Dear @@FirstName@@,',
      'Thank you for updating your research preferences on @@Date@@.',
      'Requested: @@Products@@',
      'Removed: @@RemovedProducts@@',
      'We have passed your request to your account manager, who is copied on this e-mail and will confirm the change to your subscription shortly. Until then you keep receiving the research you already subscribe to.',
      `You can review your choices at any time on your ${preferencesLink} page.`,
      signOff(firm),
    ),
    sWebEmlTMPLTPublicYes: paragraphs(
      'Dear @@FirstName@@,',
      `Thank you for your interest in ${name} research. On @@Date@@ you asked for:`,
      '@@Products@@',
      'A member of our sales team will contact you shortly about a subscription, and about a free trial if your institution has not had one.',
      `You can change your choices at any time on your ${preferencesLink} page.`,
      signOff(firm),
    ),
    sWebEmlTMPLTPublicNo: paragraphs(
      'Dear @@FirstName@@,',
      `Thank you for your interest in ${name} research. We saved your preferences on @@Date@@.`,
      `You can read our free research on the portal at any time. Should you wish to discuss a subscription later, choose the research on your ${preferencesLink} page and answer Yes when asked.`,
      signOff(firm),
    ),
    sWebEmlHdPubType: 'Research Update',
    // the unsubscribe reason, an internal mail to the reader's account managers
    sUnsubRsnEmlSubject: 'Client unsubscribe: reason given',
    sUnsubRsnEmlTmplt: paragraphs(
      '@@FullName@@ of @@FirmName@@ (@@Email@@) unsubscribed from @@Product@@ on @@Date@@.',
      'Reason: @@Reason@@',
      'Please follow up with the client if appropriate.',
    ),
    // the unsubscribe confirmation to the reader (at most once in seven days), one template per case
    // names what the reader left (issue 21: "from <firm> research" read as leaving everything)
    sUnsubEmlTMPLTSubject: 'You have unsubscribed from @@Product@@',
    sWebUnsubEmlTMPLTExstClient: paragraphs(
      'Dear @@FirstName@@,',
      'As you asked on @@Date@@, you will no longer receive @@Product@@. Your account manager has been told and will be in touch if anything about your subscription needs to change.',
      `Your other subscriptions are unchanged. To subscribe again, visit your ${preferencesLink}.`,
      signOff(firm),
    ),
    sWebUnsubEmlTMPLTPublicNo: paragraphs(
      'Dear @@FirstName@@,',
      'As you asked on @@Date@@, you will no longer receive @@Product@@ by e-mail.',
      `If you change your mind, you can choose again at any time on your ${preferencesLink} page.`,
      signOff(firm),
    ),
    sWebUnsubEmlTMPLTPublicYes: paragraphs(
      'Dear @@FirstName@@,',
      'As you asked on @@Date@@, you will no longer receive @@Product@@ by e-mail.',
      `Our sales team remains happy to discuss a subscription that suits your work better. You can choose again at any time on your ${preferencesLink} page.`,
      signOff(firm),
    ),
  };
};

const personIds = /^\s*(\d+\s*(,\s*\d+\s*)*)?$/;
const isJsonConfig = (value: string) => {
  try {
    return subscriptionConfig.safeParse(JSON.parse(value)).success;
  } catch {
    return false;
  }
};

/**
 * Whether a stored value still works for what the code now reads. Values seeded before issue 12 do not: their
 * templates used @@ClientName@@, their sender ids were e-mail addresses, their chip configuration had no
 * categories and their relevant Z was the request's. Anything that works (perhaps an administrator's) is kept.
 */
export const usableSubscriptionValue = (name: string, value: string) => {
  if ((personIdParameters as readonly string[]).includes(name)) return personIds.test(value);
  if ((mailTemplateParameters as readonly string[]).includes(name))
    return value.trim() !== '' && onlyKnownPlaceholders(value);
  if (name === 'sRWClientSubConfigJSON') return isJsonConfig(value);
  if (name === 'sRWClientSubRelevantZAxis') {
    const ids = value.split(',').map((id) => id.trim());
    return (
      ids.includes(String(matrixConstants.subscriberZ)) && !ids.includes(String(matrixConstants.requestZ))
    );
  }
  return value.trim() !== '';
};

/**
 * Inserts each parameter, or replaces a stored value that `usable` rejects; usable values stay. Public exactly
 * when the contract's allow-list names it (the screen texts and the chip configuration; never the templates).
 */
export const writeParameters = async (
  db: Executor,
  values: Record<string, string>,
  usable: (name: string, value: string) => boolean,
) => {
  const stored = new Map(
    (await db.select({ name: parameters.name, value: parameters.value }).from(parameters)).map((p) => [
      p.name,
      p.value,
    ]),
  );
  for (const [name, value] of Object.entries(values)) {
    const current = stored.get(name);
    if (current === undefined)
      await db
        .insert(parameters)
        .values({ name, value, isPublic: isPublicParameter(name) })
        .onConflictDoNothing();
    else if (!usable(name, current))
      await db
        .update(parameters)
        .set({ value, isPublic: isPublicParameter(name) })
        .where(eq(parameters.name, name));
  }
};

export const crmParametersSeed: SeedModule = {
  name: 'crm-parameters',
  async run({ db, config }) {
    await writeParameters(db, subscriptionParameters(config), usableSubscriptionValue);
    await db
      .insert(pickListValues)
      .values(
        unsubscribeReasons.map((r, i) => ({
          mnemonic: matrixConstants.unsubscribeReasonsMnemonic,
          valueId: r.valueId,
          sort: i + 1,
          text: r.text,
        })),
      )
      .onConflictDoNothing();
  },
};
