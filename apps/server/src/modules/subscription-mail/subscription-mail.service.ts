import {
  type InsertMailEventBody,
  type MailTemplateName,
  matrixConstants,
  type SendEmailQuery,
  subscriptionMessages,
} from '@portal/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { ListMail, ListMailLinks } from '../mail/list-mail.ts';
import type { Outbox } from '../mail/outbox.service.ts';
import { type Firm, type MailContent, templateMail } from '../mail/templates.ts';
import type { ParametersService } from '../parameters/parameters.service.ts';
import {
  findAccountManagers,
  findPerson,
  findPersonsByIds,
  fullNameOf,
  isExistingClient,
  type PersonRecord,
  suppressesListMail,
} from '../persons/persons.repository.ts';
import type { Clock, Log } from '../runtime.ts';
import { ThrottledError, type ThrottlesService } from '../throttles/throttles.service.ts';
import { fillTemplate, fillText, type PlaceholderValues } from './placeholders.ts';
import { isRefusal, type MailRefusal, refuse } from './refusal.ts';
import {
  claimUnsubMailSlot,
  findItemNames,
  findLatestUnsubscribeReason,
  findMatrixChangesSince,
  findRecentMailEvent,
  insertMailEvent,
  knownItemIds,
  knownReportIds,
  lastMailEventAt,
} from './subscription-mail.repository.ts';
import { createUnsubscribe } from './unsubscribe.ts';

const errors = subscriptionMessages.errors;

type Family = 'notification' | 'reason' | 'unsubscribe';
type Case = 'ExstClient' | 'PublicNo' | 'PublicYes';

/** The parameters of each kind of mail (spec 3 section 9). */
const families = {
  notification: {
    templatePrefix: 'sWebEmlTMPLT',
    subject: 'sSubEmlTMPLTSubject',
    sender: 'sRWClientSubEmailSenderID',
  },
  reason: {
    templatePrefix: 'sUnsubRsnEmlTmplt',
    subject: 'sUnsubRsnEmlSubject',
    sender: 'sRWClientUnsubRsnEmailSenderID',
  },
  unsubscribe: {
    templatePrefix: 'sWebUnsubEmlTMPLT',
    subject: 'sUnsubEmlTMPLTSubject',
    sender: 'sRWClientUnsubEmailSenderID',
  },
} as const;

const familyOf = (template: MailTemplateName): Family =>
  template === 'sUnsubRsnEmlTmplt'
    ? 'reason'
    : template.startsWith(families.unsubscribe.templatePrefix)
      ? 'unsubscribe'
      : 'notification';

const templatesOf = (family: Family): MailTemplateName[] =>
  family === 'reason'
    ? ['sUnsubRsnEmlTmplt']
    : (['ExstClient', 'PublicNo', 'PublicYes'] as const).map(
        (c) => `${families[family].templatePrefix}${c}` as MailTemplateName,
      );

/** Comma lists of person ids in parameters; anything that is not an id is skipped. */
const idsOf = (list: string | null) =>
  [...new Set((list ?? '').split(',').map((part) => part.trim()))]
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number);

const dateText = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** How long after SendEmail's own record an insertMailEvent for the same case confirms it (no second row). */
const MAIL_EVENT_CONFIRM_MS = 10 * 60 * 1000;

/**
 * The CRM's case mails (spec 3 section 9): SendEmail queues the notification, reason or unsubscribe mail of a
 * case (the 7-day rule included) and records it; insertMailEvent records one. The reader's unsubscribe side
 * (reasons, person links, one-click) is unsubscribe.ts, composed here so that the routes keep one service.
 */
export const createSubscriptionMailService = (deps: {
  db: Db;
  clock: Clock;
  log: Log;
  publicUrl: string;
  firm: Firm;
  outbox: Outbox;
  listMail: ListMail;
  parameters: ParametersService;
  throttles: ThrottlesService;
  deferred: { run(name: string, work: () => Promise<unknown>): void };
  secrets: (name: string) => Promise<Buffer>;
}) => {
  const { db, clock, log, parameters, throttles } = deps;
  const preferencesUrl = `${deps.publicUrl}/subscriptionPreference/settings`;

  /** Counted before the work: a caller cannot mail-bomb a reader or their account managers. */
  const takeMailAllowance = async (personId: number) => {
    try {
      await throttles.take([['subscriptionMailPerPerson', String(personId)]]);
    } catch (error) {
      if (error instanceof ThrottledError)
        throw new ThrottledError(error.retryAfterSeconds, errors.mailLimit);
      throw error;
    }
  };

  /** The server's choice of case: an existing client always gets ExstClient; otherwise what the caller asked. */
  const templateFor = async (
    requested: MailTemplateName,
    person: PersonRecord,
  ): Promise<MailTemplateName> => {
    const family = familyOf(requested);
    if (family === 'reason') return requested;
    const asked: Case = requested.endsWith('PublicYes') ? 'PublicYes' : 'PublicNo';
    const chosen: Case = (await isExistingClient(db, person.id)) ? 'ExstClient' : asked;
    return `${families[family].templatePrefix}${chosen}` as MailTemplateName;
  };

  /**
   * The template and subject parameters of a case; a missing one is our configuration's fault: logged as an
   * error and answered 409, nothing queued.
   */
  const configOf = async (template: MailTemplateName) => {
    const family = familyOf(template);
    const subjectName = families[family].subject;
    const [body, subject] = [await parameters.get(template), await parameters.get(subjectName)];
    const missing = [...(body?.trim() ? [] : [template]), ...(subject?.trim() ? [] : [subjectName])];
    if (missing.length > 0) {
      log.error(
        { parameters: missing, template },
        'Mail template parameters are missing; the mail was not queued',
      );
      return refuse(409, errors.mailNotConfigured);
    }
    return { family, body: body!, subject: subject! };
  };

  /**
   * Who receives a case's mail, from our records only: the reader (copies to their account managers and the
   * case's CC ids, blind copies to its BCC ids), or for the reason mail the account managers (none: the sender).
   */
  const recipientsOf = async (template: MailTemplateName, person: PersonRecord) => {
    const family = familyOf(template);
    const [sender] = await findPersonsByIds(db, idsOf(await parameters.get(families[family].sender)));
    if (family === 'reason') {
      const managers = await findAccountManagers(db, person.id);
      const to = managers.length > 0 ? managers : sender ? [sender] : [];
      return { sender, to, cc: [], bcc: [] };
    }
    if (family === 'unsubscribe') return { sender, to: [person], cc: [], bcc: [] };
    const suffix = template.slice(families.notification.templatePrefix.length);
    const managers = await findAccountManagers(db, person.id);
    const cc = [
      ...managers,
      ...(await findPersonsByIds(db, idsOf(await parameters.get(`sRWClientSubEmail${suffix}CCIDs`)))),
    ];
    const bcc = await findPersonsByIds(db, idsOf(await parameters.get(`sRWClientSubEmail${suffix}BccIDs`)));
    return { sender, to: [person], cc, bcc };
  };

  type Recipients = Awaited<ReturnType<typeof recipientsOf>>;
  /** Addresses, each once across To, CC and BCC (the first place it appears wins). */
  const addressesOf = (recipients: Recipients) => {
    const seen = new Set<string>();
    const take = (list: readonly { email: string | null }[]) =>
      list.flatMap((p) => {
        const email = p.email?.trim().toLowerCase();
        if (!email || seen.has(email)) return [];
        seen.add(email);
        return [p.email!.trim()];
      });
    return { to: take(recipients.to), cc: take(recipients.cc), bcc: take(recipients.bcc) };
  };

  const personValues = (person: PersonRecord, now: Date): PlaceholderValues => ({
    '@@FirstName@@': person.firstName,
    '@@LastName@@': person.lastName,
    '@@FullName@@': fullNameOf(person),
    '@@Email@@': person.email ?? '',
    '@@FirmName@@': person.firmName ?? '',
    '@@PreferencesUrl@@': preferencesUrl,
    '@@Date@@': dateText(now),
  });

  /** What the notification mail tells: the person's matrix changes not yet mailed, by item's final state. */
  const unmailedChanges = async (tx: Executor, personId: number) => {
    const since = await lastMailEventAt(tx, personId, templatesOf('notification'));
    const last = new Map<number, number | null>();
    for (const row of await findMatrixChangesSince(tx, personId, since)) {
      for (const change of row.changes) last.set(change.itemId, change.to);
    }
    const requested = [...last].filter(([, to]) => to !== null).map(([id]) => id);
    const removed = [...last].filter(([, to]) => to === null).map(([id]) => id);
    const names = async (ids: number[]) => (await findItemNames(tx, ids)).map((item) => item.name);
    return { itemIds: [...last.keys()], requested: await names(requested), removed: await names(removed) };
  };

  const productName = async (tx: Executor, productId: number) =>
    productId === matrixConstants.mailListProductId
      ? subscriptionMessages.unsubscribe.fromMailList
      : ((await findItemNames(tx, [productId]))[0]?.name ?? '');

  /** @@Product@@ and @@Reason@@ of an unsubscribe: the pick list's text, or what was written under Other. */
  const reasonValues = async (
    tx: Executor,
    reason: { productId: number; otherText: string; reasonText: string | null } | null,
  ): Promise<PlaceholderValues> => {
    if (!reason) return {};
    const wrote = reason.otherText !== matrixConstants.emptyReasonText ? reason.otherText : '';
    const isOther =
      (reason.reasonText ?? '').trim().toLowerCase() === subscriptionMessages.unsubscribe.other.toLowerCase();
    return {
      '@@Product@@': await productName(tx, reason.productId),
      '@@Reason@@': (isOther && wrote) || reason.reasonText || wrote,
    };
  };

  const ids = (list: readonly { id: number }[]) => [...new Set(list.map((p) => p.id))];

  const unsubscribe = createUnsubscribe(deps);

  return {
    /**
     * GET /SendEmail: the caller names the case and whose mail it is (owner rule in the route); everything else
     * comes from our parameters and records. Answers the case used and how many mails were queued.
     */
    async sendEmail(
      query: Pick<SendEmailQuery, 'emailBodyParameterName'> & { psnId: number },
      byUserId: number | null,
    ): Promise<MailRefusal | { template: MailTemplateName; queued: number }> {
      const person = await findPerson(db, query.psnId);
      if (!person) return refuse(404, errors.personNotFound);
      const template = await templateFor(query.emailBodyParameterName, person);
      const config = await configOf(template);
      if (isRefusal(config)) return config;
      await takeMailAllowance(person.id);
      const recipients = await recipientsOf(template, person);
      const addresses = addressesOf(recipients);
      const none = { template, queued: 0 };
      if (addresses.to.length === 0) return none;
      const now = clock();
      const year = now.getUTCFullYear();
      const record = (tx: Executor, mail: { subject: string; html: string }, sectorIds: number[]) =>
        insertMailEvent(tx, {
          personId: person.id,
          template,
          subject: mail.subject,
          body: mail.html,
          senderId: recipients.sender?.id ?? null,
          toIds: ids(recipients.to),
          ccIds: ids(recipients.cc),
          bccIds: ids(recipients.bcc),
          sectorIds,
          byUserId,
          createdAt: now,
        });
      const subjectOf = (values: PlaceholderValues) => fillText(config.subject, values);
      /** A list mail to the reader, its footer link from list-mail.ts. */
      // The reader's own copy links to their preferences through a link of their own (no sign-in needed); the
      // internal mails to staff keep the plain address.
      const contentOf = (values: PlaceholderValues) => (links: ListMailLinks) =>
        templateMail(deps.firm, {
          subject: subjectOf(values),
          bodyHtml: fillTemplate(config.body, { ...values, '@@PreferencesUrl@@': links.preferencesUrl }),
          year,
          listMail: { unsubscribeUrl: links.unsubscribeUrl },
        });
      const replyTo = recipients.sender?.email ? { 'Reply-To': recipients.sender.email } : undefined;

      if (config.family === 'reason') {
        return db.transaction(async (tx) => {
          const since = await lastMailEventAt(tx, person.id, templatesOf('reason'));
          const reason = await findLatestUnsubscribeReason(tx, person.id, since);
          // Each saved reason is mailed once; a repeated call finds nothing new.
          if (!reason) return none;
          const values = { ...personValues(person, now), ...(await reasonValues(tx, reason)) };
          const mail = templateMail(deps.firm, {
            subject: subjectOf(values),
            bodyHtml: fillTemplate(config.body, values),
            year,
          });
          const [to, ...cc] = addresses.to;
          // An internal mail to staff, not list mail; replies go to the reader.
          await deps.outbox.enqueue(tx, to!, mail, [], {
            cc,
            ...(person.email ? { headers: { 'Reply-To': person.email } } : {}),
          });
          await record(tx, mail, reason.productId ? [reason.productId] : []);
          return { template, queued: 1 };
        });
      }

      if (config.family === 'unsubscribe') {
        if (await suppressesListMail(db, person.id)) return none;
        return db.transaction(async (tx) => {
          // The 7-day rule (spec 3 section 5), claimed atomically with the mail it allows.
          if (!(await claimUnsubMailSlot(tx, person.id, now, matrixConstants.unsubMailDays))) return none;
          const reason = await findLatestUnsubscribeReason(tx, person.id, null);
          // @@Product@@ names what the reader left (the seeded subject says "unsubscribed from @@Product@@"); without
          // a saved reason it is still never empty: the firm's research as a whole.
          const values = {
            ...personValues(person, now),
            '@@Product@@': `${deps.firm.name} research`,
            ...(await reasonValues(tx, reason)),
          };
          const queued = await deps.listMail.enqueue(tx, {
            personId: person.id,
            to: addresses.to[0]!,
            content: contentOf(values),
            envelope: replyTo ? { headers: replyTo } : {},
          });
          if (!queued) return none;
          await record(tx, queued.mail, reason?.productId ? [reason.productId] : []);
          return { template, queued: 1 };
        });
      }

      return db.transaction(async (tx) => {
        const changes = await unmailedChanges(tx, person.id);
        // Nothing changed since the last notification: the same change is never mailed twice.
        if (changes.itemIds.length === 0) return none;
        const values: PlaceholderValues = {
          ...personValues(person, now),
          '@@Products@@': changes.requested,
          '@@RemovedProducts@@': changes.removed,
        };
        // The reader's copy is list mail with the reader's own unsubscribe and preference links; those are not for
        // staff, so the account managers and the case's copies get a copy of their own (CC and BCC as the case
        // says), whose replies go to the reader. It goes even when the reader has stopped our e-mails.
        const readerCopy = await deps.listMail.enqueue(tx, {
          personId: person.id,
          to: addresses.to[0]!,
          content: contentOf(values),
          envelope: replyTo ? { headers: replyTo } : {},
        });
        const [staffTo, ...staffCc] = addresses.cc.length > 0 ? addresses.cc : addresses.bcc;
        const staffBcc = addresses.cc.length > 0 ? addresses.bcc : [];
        let staffCopy: MailContent | null = null;
        if (staffTo) {
          staffCopy = templateMail(deps.firm, {
            subject: subjectOf(values),
            bodyHtml: fillTemplate(config.body, values),
            year,
          });
          await deps.outbox.enqueue(tx, staffTo, staffCopy, [], {
            cc: staffCc,
            bcc: staffBcc,
            ...(person.email ? { headers: { 'Reply-To': person.email } } : {}),
          });
        }
        const mailed = readerCopy?.mail ?? staffCopy;
        if (!mailed) return none;
        await record(tx, mailed, changes.itemIds);
        return { template, queued: (readerCopy ? 1 : 0) + (staffCopy ? 1 : 0) };
      });
    },

    /**
     * POST /users/insertMailEvent: the CRM's record of the case's mail to the person, as the server renders it
     * (never the caller's subject or body), with the server's recipients; only known items and reports are kept.
     */
    async insertMailEvent(
      body: InsertMailEventBody,
      byUserId: number | null,
    ): Promise<MailRefusal | { id: number }> {
      const person = await findPerson(db, body.psnId);
      if (!person) return refuse(404, errors.personNotFound);
      const template = await templateFor(body.emailObj.body, person);
      const config = await configOf(template);
      if (isRefusal(config)) return config;
      const now = clock();
      // SendEmail records the mail it queues; the front end's insertMailEvent that follows it confirms that
      // record instead of writing a second one for the same mail.
      const recent = await findRecentMailEvent(
        db,
        person.id,
        template,
        new Date(now.getTime() - MAIL_EVENT_CONFIRM_MS),
      );
      if (recent !== null) return { id: recent };
      await takeMailAllowance(person.id);
      const recipients = await recipientsOf(template, person);
      const sectorIds = await knownItemIds(db, body.subData?.sectorIds ?? []);
      const documentIds = await knownReportIds(db, body.subData?.documentIds ?? []);
      const values: PlaceholderValues = {
        ...personValues(person, now),
        ...(config.family === 'notification'
          ? { '@@Products@@': (await findItemNames(db, sectorIds)).map((item) => item.name) }
          : await reasonValues(db, await findLatestUnsubscribeReason(db, person.id, null))),
      };
      const id = await insertMailEvent(db, {
        personId: person.id,
        template,
        subject: fillText(config.subject, values),
        body: fillTemplate(config.body, values),
        senderId: recipients.sender?.id ?? null,
        toIds: ids(recipients.to),
        ccIds: ids(recipients.cc),
        bccIds: ids(recipients.bcc),
        sectorIds,
        documentIds,
        byUserId,
        createdAt: now,
      });
      return { id };
    },

    ...unsubscribe,
  };
};

export type SubscriptionMailService = ReturnType<typeof createSubscriptionMailService>;
