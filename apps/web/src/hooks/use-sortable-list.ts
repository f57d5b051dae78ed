import {
  type Announcements,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/** What a reorderable list says while an item is moved (its name, its position of `total`). */
export interface SortableTexts {
  picked: (name: string, position: number, total: number) => string;
  moved: (name: string, position: number, total: number) => string;
  dropped: (name: string, position: number, total: number) => string;
  cancelled: (name: string) => string;
}

/**
 * The sensors and spoken announcements of a list reordered with dnd-kit (the blog tabs, Our People): a pointer
 * drag that starts after 5 px, and the keyboard (Space, arrows, Space, Escape), each step announced in `texts`.
 * `order` is the list's ids in their current order; `nameOf` names an item.
 */
export const useSortableList = <T extends UniqueIdentifier>(
  order: readonly T[],
  nameOf: (id: UniqueIdentifier) => string,
  texts: SortableTexts,
) => {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const positionOf = (id: UniqueIdentifier) => order.findIndex((item) => String(item) === String(id)) + 1;
  const total = order.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => texts.picked(nameOf(active.id), positionOf(active.id), total),
    onDragOver: ({ active, over }) =>
      over ? texts.moved(nameOf(active.id), positionOf(over.id), total) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? texts.dropped(nameOf(active.id), positionOf(over.id), total) : undefined,
    onDragCancel: ({ active }) => texts.cancelled(nameOf(active.id)),
  };
  return { sensors, announcements };
};
