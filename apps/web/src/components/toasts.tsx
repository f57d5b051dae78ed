// The notification's own box (white background, border): without it a toast over the dark header is unreadable.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications, notifications } from '@mantine/notifications';
import { connectLimits } from '@portal/contract';

/**
 * Top-centre toasts that close after 5 s (spec 3 sections 2 and 9: the CONNECT screens' messages). Mantine's
 * notifications announce themselves (role alert on each); a screen that uses them renders <Toasts /> once. Kept
 * out of the shell: only lazy screens import this module.
 */
const TOAST_MS = connectLimits.toastMs;

export function Toasts() {
  return <Notifications position="top-center" autoClose={TOAST_MS} limit={3} zIndex={400} />;
}

/** Shows a message: green on success, red on failure. */
export const showToast = (ok: boolean, message: string) =>
  notifications.show({
    color: ok ? 'green' : 'red',
    message,
    autoClose: TOAST_MS,
    withBorder: true,
  });
