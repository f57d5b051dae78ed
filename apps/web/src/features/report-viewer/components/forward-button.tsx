import { messagesAdminUsers } from '@portal/contract';
import { IconCornerUpRight } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import classes from './viewer.module.css';

// The dialog (Mantine Modal, the form, its calls) is its own chunk, fetched when the reader first asks for it.
const ForwardDialog = lazy(() => import('./forward-dialog.tsx'));

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
        <IconCornerUpRight size={18} aria-hidden="true" />
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
