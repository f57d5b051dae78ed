import type { Executor } from '../../db/client.ts';
import type { AccessKeysService } from '../access-keys/access-keys.service.ts';
import type { ListMail } from '../mail/list-mail.ts';
import { publicationTypeHeaders, publicationTypeParameter } from '../mail/publication-type.ts';
import { type Firm, publishAlertMail } from '../mail/templates.ts';
import { findParameter } from '../parameters/parameters.repository.ts';
import type { Clock } from '../runtime.ts';
import {
  claimAlertReaders,
  findAlertReport,
  findReportAnalystNames,
  markAlertsQueued,
  setAlertOutboxIds,
} from './publish-alerts.repository.ts';

/**
 * Publish alerts (issue 23): every reader whose matrix grants one of a report's sectors (a Subscriber entry for
 * the sector or for a product containing it), and every follower of one of its analysts who may read it, is mailed the report's title, summary, analysts and a personal
 * access-key link, at most once per reader and report. The mails are list mail (list-mail.ts: nothing to a person
 * who suppresses it, one-click unsubscribe headers, footer links) queued in the outbox, in the caller's transaction.
 * Every step is a few multi-row statements whatever the number of readers (10,000 readers in well under 10 s).
 */
export const createPublishAlerts = (deps: {
  clock: Clock;
  firm: Firm;
  listMail: ListMail;
  accessKeys: Pick<AccessKeysService, 'createKeysIn'>;
}) => ({
  /** Queues the publish alert of one published report to every reader who should have it, at most once per reader
   *  (report_alerts primary key), inside the caller's transaction; sets reports.alerts_queued_at. */
  async queue(tx: Executor, reportId: number): Promise<{ queued: number }> {
    // Locks the report row: two processes queueing the same report take turns (the second finds every reader
    // already in report_alerts), and a report is only alerted while it is published.
    const report = await findAlertReport(tx, reportId);
    if (report?.state !== 'published') return { queued: 0 };
    const now = deps.clock();
    // Only the readers this call added to report_alerts are mailed: a retried or concurrent call adds none twice.
    const claimed = await claimAlertReaders(tx, reportId, now);
    let queued = 0;
    if (claimed.length > 0) {
      const readers = await deps.listMail.reachable(tx, claimed);
      const analysts = await findReportAnalystNames(tx, reportId);
      const keys = await deps.accessKeys.createKeysIn(tx, {
        reportId,
        title: report.title,
        createdBy: null,
        recipients: readers.map((reader) => ({ email: reader.email, userId: reader.userId })),
      });
      // The research mails' publication type header (as accessKeys.researchEnvelope), read in the transaction: on
      // a single-connection database a read outside it would wait for it to end.
      const envelope = {
        headers: publicationTypeHeaders((await findParameter(tx, publicationTypeParameter))?.value ?? null),
      };
      const mails = await deps.listMail.enqueueMany(
        tx,
        readers.map((reader, i) => ({
          personId: reader.personId,
          to: reader.email,
          envelope,
          content: (links) =>
            publishAlertMail(deps.firm, {
              name: reader.name,
              reportTitle: report.title,
              summary: report.description,
              analysts,
              url: keys[i]!.url,
              expiresAt: keys[i]!.expiresAt,
              list: links,
            }),
        })),
      );
      const sent = readers.flatMap((reader, i) => {
        const mail = mails[i];
        return mail ? [{ userId: reader.userId, outboxId: mail.id }] : [];
      });
      await setAlertOutboxIds(tx, reportId, sent);
      queued = sent.length;
    }
    await markAlertsQueued(tx, reportId, now);
    return { queued };
  },
});

export type PublishAlerts = ReturnType<typeof createPublishAlerts>;
