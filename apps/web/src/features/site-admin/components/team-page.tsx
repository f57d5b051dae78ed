import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, VisuallyHidden } from '@mantine/core';
import { type Analyst, messagesSite } from '@portal/contract';
import { IconGripVertical } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/status.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { useLeaveGuard } from '../../../hooks/use-leave-guard.ts';
import { useSortableList } from '../../../hooks/use-sortable-list.ts';
import { useSaveTeamOrder, useSetOurPeople, useTeam } from '../api/team-api.ts';
import { failureText } from '../lib/failure-text.ts';
import classes from './site-admin.module.css';

const m = messagesSite.team;

// The profile modal (its form, the rich-text editor) loads only when a profile is opened.
const ProfileModal = lazy(() => import('./profile-modal.tsx'));

/**
 * One person: a drag handle (pointer, or keyboard: Space, arrows, Space), what the row says of them, Edit profile
 * and Hide (after a confirmation) or Show in Our People.
 */
function PersonRow({
  person,
  position,
  busy,
  onHide,
  onShow,
  onEdit,
}: {
  person: Analyst;
  position: number;
  busy: boolean;
  onHide: () => void;
  onShow: () => void;
  onEdit: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: person.id });
  return (
    <tr
      ref={setNodeRef}
      className={isDragging ? classes.rowDragging : classes.row}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <td>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={classes.handle}
          {...attributes}
          {...listeners}
          aria-label={m.dragHandle(person.name)}
        >
          <IconGripVertical size={18} aria-hidden="true" />
        </button>
      </td>
      <td>{position}</td>
      <th scope="row">{person.name}</th>
      <td>{person.designation}</td>
      <td>{person.sJobCat}</td>
      <td>{person.is_our_people ? m.inOurPeople : m.notInOurPeople}</td>
      <td>
        <div className={classes.rowActions}>
          <Button
            variant="default"
            size="compact-sm"
            onClick={onEdit}
            aria-label={m.profile.edit(person.name)}
          >
            {m.profile.editShort}
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            disabled={busy}
            onClick={person.is_our_people ? onHide : onShow}
            aria-label={person.is_our_people ? m.hide(person.name) : m.show(person.name)}
          >
            {person.is_our_people ? m.hideYes : m.showYes}
          </Button>
        </div>
      </td>
    </tr>
  );
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/**
 * Team Management (spec 2): 'Sort Our People', the team in a draggable table (dnd-kit, with its keyboard sensor
 * and spoken announcements) and a Save button that stores each person's position; each member hidden from Our
 * People (after a confirmation) or shown again; Edit profile opens the profile modal (loaded lazily). An unsaved
 * order or profile is kept through a failed save and guarded when leaving.
 */
export function TeamPage() {
  const team = useTeam();
  const saveOrder = useSaveTeamOrder();
  const setOurPeople = useSetOurPeople();
  const [hiding, setHiding] = useState<Analyst | null>(null);
  const [editing, setEditing] = useState<Analyst | null>(null);
  const [profileDirty, setProfileDirty] = useState(false);
  const people = team.data?.data ?? [];
  const storedIds = people.map((person) => person.id);
  const storedText = storedIds.join(',');
  const [order, setOrder] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const dirty = order.length > 0 && !sameIds(order, storedIds);
  const blocker = useLeaveGuard(dirty || profileDirty);

  // The stored order (on load, and after a save) is what the table starts from.
  useEffect(() => {
    setOrder(storedText ? storedText.split(',').map(Number) : []);
  }, [storedText]);

  const byId = new Map(people.map((person) => [person.id, person]));
  const rows = order.flatMap((id) => {
    const person = byId.get(id);
    return person ? [person] : [];
  });
  const nameOf = (id: string | number) => byId.get(Number(id))?.name ?? String(id);

  const { sensors, announcements } = useSortableList(order, nameOf, m);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((current) =>
      arrayMove(current, current.indexOf(Number(active.id)), current.indexOf(Number(over.id))),
    );
  };

  const changeOurPeople = (person: Analyst, isOurPeople: boolean) => {
    setError(null);
    setOurPeople.mutate(
      { id: person.id, isOurPeople },
      {
        onSuccess: () => showToast(true, isOurPeople ? m.restored(person.name) : m.hidden(person.name)),
        onError: (failure) => setError(failureText(failure, m.toggleFailed)),
        onSettled: () => setHiding(null),
      },
    );
  };

  const save = () => {
    setError(null);
    saveOrder.mutate(order, {
      onSuccess: () => showToast(true, m.saved),
      onError: (failure) => setError(failureText(failure, m.failed)),
    });
  };

  return (
    <div className={classes.page}>
      <Toasts />
      <header>
        <h1 className={classes.title}>{m.title}</h1>
        <h2 className={classes.label}>{m.sortTitle}</h2>
        <p className={classes.lead} id="team-order-hint">
          {m.lead}
        </p>
      </header>
      {team.isPending ? (
        <LoadingState label={m.tableLabel} />
      ) : team.isError ? (
        <ErrorState message={m.loadFailed} onRetry={() => void team.refetch()} />
      ) : rows.length === 0 ? (
        <p>{m.empty}</p>
      ) : (
        <>
          <div className={classes.frame}>
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              accessibility={{ announcements }}
              onDragEnd={onDragEnd}
            >
              <SortableContext items={order} strategy={verticalListSortingStrategy}>
                <table className={classes.table} aria-describedby="team-order-hint">
                  <VisuallyHidden component="caption">{m.tableLabel}</VisuallyHidden>
                  <thead>
                    <tr>
                      <th scope="col">
                        <VisuallyHidden>{m.move}</VisuallyHidden>
                      </th>
                      <th scope="col">{m.position}</th>
                      <th scope="col">{m.name}</th>
                      <th scope="col">{m.designation}</th>
                      <th scope="col">{m.category}</th>
                      <th scope="col">{m.shown}</th>
                      <th scope="col">{m.actions}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((person, index) => (
                      <PersonRow
                        key={person.id}
                        person={person}
                        position={index + 1}
                        busy={setOurPeople.isPending}
                        onHide={() => setHiding(person)}
                        onShow={() => changeOurPeople(person, true)}
                        onEdit={() => setEditing(person)}
                      />
                    ))}
                  </tbody>
                </table>
              </SortableContext>
            </DndContext>
          </div>
          <div role="alert">{error && <p className={classes.error}>{error}</p>}</div>
          <div className={classes.actions}>
            <Button onClick={save} disabled={!dirty} loading={saveOrder.isPending}>
              {m.save}
            </Button>
            <Link to="/people">Our People</Link>
          </div>
        </>
      )}
      <ConfirmDialog
        title={m.hideTitle}
        text={m.hideConfirm(hiding?.name ?? '')}
        opened={hiding !== null}
        busy={setOurPeople.isPending}
        confirmLabel={m.hideYes}
        cancelLabel={m.cancel}
        danger
        onConfirm={() => {
          if (hiding) changeOurPeople(hiding, false);
        }}
        onClose={() => setHiding(null)}
      />
      {editing && (
        <Suspense fallback={null}>
          <ProfileModal
            key={editing.id}
            person={editing}
            onClose={() => setEditing(null)}
            onDirtyChange={setProfileDirty}
          />
        </Suspense>
      )}
      <LeaveDialog
        blocker={blocker}
        title={m.title}
        text={profileDirty ? m.profile.unsaved : m.unsaved}
        leaveLabel={m.leave}
        stayLabel={m.stay}
      />
    </div>
  );
}
