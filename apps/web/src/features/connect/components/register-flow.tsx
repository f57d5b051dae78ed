import { Button } from '@mantine/core';
import { messagesConnect } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { showToast } from '../../../components/toasts.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { registerForEvents } from '../api/connect-api.ts';
import { useConnectConfig, useConnectReloads } from '../api/connect-queries.ts';

const m = messagesConnect.registration;

/**
 * The Register button and its confirmation (spec 3 section 2): nothing checked does nothing (the button is
 * disabled); Yes registers, toasts the result and reloads the events after sConnectConfigJSON's
 * registrationReloadMs.
 */
export function RegisterButton({ checked, onRegistered }: { checked: number[]; onRegistered: () => void }) {
  const reloads = useConnectReloads();
  const { registrationReloadMs } = useConnectConfig();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const confirm = async () => {
    if (checked.length === 0) return;
    setBusy(true);
    try {
      await registerForEvents(checked);
      showToast(true, m.done);
      onRegistered();
      timer.current = window.setTimeout(reloads.registered, registrationReloadMs);
    } catch (error) {
      // the checked events stay checked, so the reader can send them again
      showToast(false, error instanceof ApiError ? error.message : m.registerFailed);
    } finally {
      setBusy(false);
      setOpened(false);
    }
  };

  return (
    <>
      <Button disabled={checked.length === 0} onClick={() => checked.length > 0 && setOpened(true)}>
        {m.register}
      </Button>
      <ConfirmDialog
        confirmLabel={messagesConnect.appointment.yes}
        cancelLabel={messagesConnect.appointment.no}
        title={m.confirmTitle}
        text={m.confirm(checked.length)}
        opened={opened}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setOpened(false)}
      />
    </>
  );
}
