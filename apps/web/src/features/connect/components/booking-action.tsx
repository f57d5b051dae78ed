import { messagesConnect } from '@portal/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showToast } from '../../../components/toasts.tsx';
import { changeBooking } from '../api/connect-api.ts';

const m = messagesConnect.appointment;

export interface PendingChange {
  action: 'book' | 'cancel';
  slotId: number;
  objectId: number;
}

/**
 * Book and cancel with the spec's confirmations (spec 3 section 2): Yes calls GET /connect/book|cancel (a
 * state-changing GET, sent with the CSRF header), toasts the result (the ReasonText on failure) and reloads the
 * slots (`reload`: one of useConnectReloads'). One dialog per page; `ask` opens it for a slot.
 */
export function useBookingAction(personId: number | null, reload: () => void) {
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending || personId === null) return;
    setBusy(true);
    try {
      const reply = await changeBooking(pending.action, personId, pending.slotId, pending.objectId);
      if (reply.Status === 'success')
        showToast(true, pending.action === 'book' ? m.bookedDone : m.cancelledDone);
      else showToast(false, reply.ReasonText);
    } catch {
      showToast(false, m.loadFailed);
    } finally {
      setBusy(false);
      setPending(null);
      reload();
    }
  };

  const dialog = (
    <ConfirmDialog
      confirmLabel={messagesConnect.appointment.yes}
      cancelLabel={messagesConnect.appointment.no}
      title={m.confirmTitle}
      text={pending?.action === 'cancel' ? m.confirmCancel : m.confirmBook}
      opened={pending !== null}
      busy={busy}
      onConfirm={() => void confirm()}
      onClose={() => !busy && setPending(null)}
    />
  );
  return { ask: setPending, dialog };
}
