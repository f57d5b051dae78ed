import { messagesAdminUsers } from '@portal/contract';
import { lazy, Suspense, useState } from 'react';
import classes from './viewer.module.css';

// The dialog (Mantine Modal, the form, its calls) is its own chunk, fetched when the reader first asks for it.
const ForwardDialog = lazy(() => import('./forward-dialog.tsx'));

function ForwardIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M14 5l6 6-6 6M20 11H10a6 6 0 0 0-6 6v2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Forward to a colleague (issue 13, the Terms): a toolbar button opening the dialog. Shown to signed-in readers
 * of the report; whether the forward may go (firm, domain, month's count) is the server's decision.
 */
export function ForwardButton({
  report,
  onSent,
}: {
  report: { apiId: string; title: string };
  onSent: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className={classes.toolButton}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <ForwardIcon />
        <span>{messagesAdminUsers.forward.button}</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <ForwardDialog
            opened={open}
            report={report}
            onClose={() => setOpen(false)}
            onSent={(message) => {
              setOpen(false);
              onSent(message);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
