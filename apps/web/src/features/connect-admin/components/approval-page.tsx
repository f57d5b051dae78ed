import '@mantine/core/styles/Tabs.css';
import { Button, Tabs } from '@mantine/core';
import { type ConnectRegistrant, connectLimits, messagesConnect } from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  approvalActions,
  useApprovalEvents,
  useRegistrants,
  useReloadApproval,
} from '../api/connect-admin-api.ts';
import {
  checkedIn,
  type EventChoice,
  findEventChoice,
  splitRegistrants,
  toggled,
  toggledAll,
} from '../lib/approval-lib.ts';
import { ConfirmParticipants } from './confirm-participants.tsx';
import classes from './connect-admin.module.css';
import { EventList } from './event-list.tsx';
import { type ListKind, RegistrantsTable } from './registrants-table.tsx';

const m = messagesConnect.approval;

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : m.internalError);

function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className={classes.state}>
      <p>{text}</p>
      <Button variant="outline" color="navy.8" onClick={onRetry}>
        {m.retry}
      </Button>
    </div>
  );
}

/**
 * /admin/connect/approval, CONNECT Approval (spec 3 section 2): campaigns and their events on the left, the chosen
 * event (?event={id}, so a reload keeps it) on the right with its Pending Approval and Approved tabs.
 */
export function ApprovalPage() {
  const [params, setParams] = useSearchParams();
  const events = useApprovalEvents();
  const campaigns = events.data ?? [];
  const choice = findEventChoice(campaigns, params.get('event'));
  // Focus follows a choice the admin makes (on a phone the pane is below the list), never the first render.
  const [chosenHere, setChosenHere] = useState(false);

  const select = (eventId: number) => {
    setChosenHere(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('event', String(eventId));
        return next;
      },
      { replace: true },
    );
  };

  let left: React.ReactNode;
  if (events.isError && !events.data)
    left = <LoadFailed text={m.eventsLoadFailed} onRetry={() => void events.refetch()} />;
  else if (!events.data) left = <PageLoader label={m.loadingEvents} />;
  else left = <EventList campaigns={campaigns} selectedId={choice?.eventId ?? null} onSelect={select} />;

  return (
    <div className={classes.page}>
      <Toasts />
      <h1 className={classes.title}>{m.title}</h1>
      <div className={classes.layout}>
        <div>{left}</div>
        {choice ? (
          <EventPane
            key={choice.eventId}
            choice={choice}
            title={choice.name}
            campaign={choice.campaign}
            focusTitle={chosenHere}
          />
        ) : (
          events.data &&
          campaigns.length > 0 && (
            <section className={classes.pane} aria-label={m.title}>
              <p className={classes.paneSub}>{m.chooseEvent}</p>
            </section>
          )
        )}
      </div>
    </div>
  );
}

function EventPane({
  choice,
  title,
  campaign,
  focusTitle,
}: {
  choice: EventChoice;
  title: string;
  campaign: string;
  focusTitle: boolean;
}) {
  const reloadApproval = useReloadApproval();
  const registrants = useRegistrants(choice);
  const [tab, setTab] = useState<ListKind>('pending');
  const [checked, setChecked] = useState<Record<ListKind, ReadonlySet<number>>>({
    pending: new Set(),
    approved: new Set(),
  });
  // What the dialog asks about, fixed when it opens: exactly the names shown are sent, and the text stays put while
  // the dialog fades out.
  const [confirming, setConfirming] = useState<{
    kind: ListKind;
    ids: number[];
    names: string[];
    open: boolean;
  } | null>(null);
  const closeDialog = () => setConfirming((current) => current && { ...current, open: false });
  const [busy, setBusy] = useState(false);
  const [copyingId, setCopyingId] = useState<number | null>(null);
  const [fallback, setFallback] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const fallbackRef = useRef<HTMLInputElement>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const titleId = useId();
  const fallbackId = useId();

  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);
  useEffect(() => () => clearTimeout(reloadTimer.current), []);
  useEffect(() => {
    if (fallback) fallbackRef.current?.select();
  }, [fallback]);

  const lists = splitRegistrants(registrants.data ?? []);
  const selected = (kind: ListKind) => checkedIn(checked[kind], lists[kind]);
  const setKind = (kind: ListKind, next: ReadonlySet<number>) =>
    setChecked((current) => ({ ...current, [kind]: next }));

  // Spec 3 section 4: the lists reload 3500 ms after an approval (the server's mails are on their way by then).
  const reloadSoon = () => {
    clearTimeout(reloadTimer.current);
    reloadTimer.current = setTimeout(reloadApproval, connectLimits.approvalReloadMs);
  };

  const act = async () => {
    if (!confirming) return;
    const { kind, ids } = confirming;
    setBusy(true);
    try {
      if (kind === 'pending') {
        const reply = await approvalActions.approve(choice.campaignId, choice.eventId, ids);
        showToast(true, m.approvedDone(reply.approved));
      } else {
        const reply = await approvalActions.remind(choice.campaignId, choice.eventId, ids);
        showToast(true, m.remindedDone(reply.reminded));
      }
      setKind(kind, new Set());
      reloadSoon();
    } catch (error) {
      showToast(false, messageOf(error));
    } finally {
      setBusy(false);
      closeDialog();
    }
  };

  const copy = async (row: ConnectRegistrant) => {
    setCopyingId(row.id);
    setFallback(null);
    let link: string;
    try {
      link = await approvalActions.uniqueLink(choice.campaignId, choice.eventId, row);
    } catch {
      showToast(false, m.internalError);
      setCopyingId(null);
      return;
    }
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      showToast(true, m.copied);
    } catch {
      // The browser refused the clipboard: the link stays on screen, selected, for the admin to copy.
      setFallback(link);
    } finally {
      setCopyingId(null);
    }
  };

  const panel = (kind: ListKind) => {
    if (registrants.isError && !registrants.data)
      return <LoadFailed text={m.loadFailed} onRetry={() => void registrants.refetch()} />;
    if (!registrants.data) return <PageLoader label={m.loading} />;
    const rows = lists[kind];
    const count = selected(kind).length;
    return (
      <div className={classes.page}>
        {rows.length > 0 && (
          <div className={classes.toolbar}>
            <Button
              color="navy.8"
              disabled={count === 0}
              onClick={() => {
                const rows = selected(kind);
                setConfirming({
                  kind,
                  ids: rows.map((r) => r.id),
                  names: rows.map((r) => r.sRegistrantName),
                  open: true,
                });
              }}
            >
              {kind === 'pending' ? m.approve : m.remind}
            </Button>
          </div>
        )}
        <RegistrantsTable
          kind={kind}
          rows={rows}
          checked={checked[kind]}
          onToggle={(id) => setKind(kind, toggled(checked[kind], id))}
          onToggleAll={() => setKind(kind, toggledAll(checked[kind], rows))}
          onCopy={(row) => void copy(row)}
          copyingId={copyingId}
        />
        {kind === 'approved' && fallback && (
          <div className={classes.fallback}>
            <p className={classes.paneSub} role="status">
              {m.copyManually}
            </p>
            <label htmlFor={fallbackId}>{m.linkField}</label>
            <input
              id={fallbackId}
              ref={fallbackRef}
              className={classes.fallbackInput}
              readOnly
              value={fallback}
              onFocus={(event) => event.currentTarget.select()}
            />
          </div>
        )}
      </div>
    );
  };

  return (
    <section className={classes.pane} aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className={classes.paneTitle}>
          {title}
        </h2>
        <p className={classes.paneSub}>{campaign}</p>
      </div>
      <Tabs value={tab} onChange={(value) => setTab(value === 'approved' ? 'approved' : 'pending')}>
        <Tabs.List>
          <Tabs.Tab value="pending">{m.pendingTab}</Tabs.Tab>
          <Tabs.Tab value="approved">{m.approvedTab}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending" pt="md">
          {panel('pending')}
        </Tabs.Panel>
        <Tabs.Panel value="approved" pt="md">
          {panel('approved')}
        </Tabs.Panel>
      </Tabs>
      <ConfirmParticipants
        question={confirming?.kind === 'approved' ? m.confirmRemind : m.confirmApprove}
        names={confirming?.names ?? []}
        opened={confirming?.open ?? false}
        busy={busy}
        onConfirm={() => void act()}
        onClose={() => {
          if (!busy) closeDialog();
        }}
      />
    </section>
  );
}
