import { viewerAdminMessages } from '@portal/contract';
import { IconPhotoUp } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import classes from './admin-tools.module.css';

// The dialog (Mantine Modal, the file checks, the upload) is its own chunk, fetched when an admin first opens it.
const AnalystPhotoDialog = lazy(() => import('./analyst-photo-dialog.tsx'));

/** An admin's "Upload photo" beside the lead analyst's link in the viewer's header (spec 2, issue 23). */
export function AnalystPhotoButton({
  reportId,
  analyst,
}: {
  reportId: number;
  analyst: { id: number; name: string; image_path: string | null };
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        className={classes.photoButton}
        aria-haspopup="dialog"
        aria-label={viewerAdminMessages.uploadPhotoOf(analyst.name)}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <IconPhotoUp size={16} aria-hidden="true" />
        <span>{viewerAdminMessages.uploadPhoto}</span>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <AnalystPhotoDialog
            opened={open}
            reportId={reportId}
            analyst={analyst}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
