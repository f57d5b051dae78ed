import { Button } from '@mantine/core';
import { messagesSite } from '@portal/contract';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { LoadingState } from '../../../components/status.tsx';
import { useSession } from '../../../lib/session.ts';

// The editor (Tiptap) loads only when an admin opens it.
const BiographyEditor = lazy(() => import('./biography-editor.tsx'));

/**
 * 'Edit biography' on an analyst's or a company's page, for admins only (the server refuses everyone else too):
 * the page's own text gives way to the editor until it is saved or cancelled.
 */
export function EditBiography({
  entity,
  id,
  name,
  html,
  children,
}: {
  entity: 'U' | 'L';
  id: number;
  name: string;
  html: string | null;
  /** the biography as the page shows it */
  children: React.ReactNode;
}) {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  if (user?.type !== 'admin') return <>{children}</>;
  if (editing)
    return (
      <Suspense fallback={<LoadingState label={messagesSite.biography.editorLabel} />}>
        <BiographyEditor
          entity={entity}
          id={id}
          name={name}
          html={html}
          onClose={(stored) => {
            setSaved(stored);
            setEditing(false);
          }}
        />
      </Suspense>
    );
  return (
    <>
      {children}
      <p role="status">{saved ? messagesSite.biography.saved : ''}</p>
      <div>
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden="true" />}
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          {messagesSite.biography.edit}
        </Button>
      </div>
    </>
  );
}
