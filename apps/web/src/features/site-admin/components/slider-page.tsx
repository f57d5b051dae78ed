import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from '@mantine/core';
import { messagesSliders as m, type SaveSliderBody, type SliderItem, sliderLimits } from '@portal/contract';
import { IconGripVertical, IconLock, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LeaveDialog } from '../../../components/leave-dialog.tsx';
import { ErrorState, LoadingState } from '../../../components/status.tsx';
import { showToast, Toasts } from '../../../components/toasts.tsx';
import { useLeaveGuard } from '../../../hooks/use-leave-guard.ts';
import { useSortableList } from '../../../hooks/use-sortable-list.ts';
import { useSaveSlider, useSaveSliderOrder, useSliderSettings } from '../api/slider-api.ts';
import { failureText } from '../lib/failure-text.ts';
import { HeaderImagesPanel } from './header-images-panel.tsx';
import { draftOf, type SlideDraft, SlideEditor, sameDraft } from './slide-editor.tsx';
import classes from './slider-admin.module.css';

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((key, index) => key === b[index]);

const bodyOf = (key: string | undefined, draft: SlideDraft): SaveSliderBody => ({
  ...(key ? { key } : {}),
  name: draft.name,
  type: draft.type,
  active: draft.active,
  link: draft.link.trim() || null,
  reportUrl: draft.reportUrl.trim() || null,
  heading: draft.heading,
  subHeading: draft.subHeading,
  isPrivate: draft.isPrivate,
  mediaKey: draft.mediaKey,
});

/** One slide in the list: its drag handle, and the button that opens it in the editor. */
function SlideTab({
  slide,
  position,
  selected,
  unsaved,
  onSelect,
}: {
  slide: SliderItem;
  position: number;
  selected: boolean;
  unsaved: boolean;
  onSelect: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: slide.key });
  const shown = slide.active && slide.type !== 'none';
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? classes.tabDragging : classes.tab}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={m.dragHandle(slide.name)}
      >
        <IconGripVertical size={18} aria-hidden="true" />
      </button>
      <button
        type="button"
        className={selected ? classes.tabButtonSelected : classes.tabButton}
        aria-current={selected ? 'true' : undefined}
        onClick={onSelect}
      >
        <span className={classes.tabPosition}>{position}</span>
        <span className={classes.tabName}>
          {slide.name}
          {unsaved && <span className={classes.unsavedMark}> *</span>}
        </span>
        <span className={classes.tabState}>
          {slide.type === 'none'
            ? m.emptySlot
            : `${m.typeLabels[slide.type]}${shown ? '' : ` · ${m.hidden}`}`}
          {slide.isPrivate && <IconLock size={14} aria-label={m.privateBadge} />}
        </span>
      </button>
    </li>
  );
}

/**
 * Homepage Slider Management (spec 2; /admin/site-management): the slides as tabs in a list reordered with dnd-kit
 * (pointer or keyboard) and saved with "Save order"; the selected slide's settings; a new slide; a slide deleted
 * (type none, inactive) after a confirmation, only while the order is saved. Below, the pages' header pictures.
 * Unsaved work of every slide is kept through failed saves and guarded when leaving.
 */
export function SliderPage() {
  const settings = useSliderSettings();
  const saveSlider = useSaveSlider();
  const saveOrder = useSaveSliderOrder();
  const slides = settings.data?.sliders ?? [];
  const storedKeys = slides.map((slide) => slide.key);
  const storedText = storedKeys.join(',');
  const [order, setOrder] = useState<string[]>([]);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, SlideDraft>>({});
  // Bumped after a save: the editor starts again from the slide as stored (the server may have emptied it).
  const [version, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  useEffect(() => {
    setOrder(storedText ? storedText.split(',') : []);
  }, [storedText]);

  const byKey = new Map(slides.map((slide) => [slide.key, slide]));
  const selected = (selectedKey && byKey.get(selectedKey)) || slides[0] || null;
  const orderDirty = order.length > 0 && !sameKeys(order, storedKeys);
  const unsavedKeys = Object.entries(drafts)
    .filter(([key, draft]) => {
      const slide = byKey.get(key);
      return slide !== undefined && !sameDraft(draft, draftOf(slide));
    })
    .map(([key]) => key);
  const blocker = useLeaveGuard(orderDirty || unsavedKeys.length > 0);

  const nameOf = (key: string | number) => byKey.get(String(key))?.name ?? String(key);
  const { sensors, announcements } = useSortableList(order, nameOf, m);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setOrder((current) =>
      arrayMove(current, current.indexOf(String(active.id)), current.indexOf(String(over.id))),
    );
  };

  const storeOrder = () => {
    setOrderError(null);
    saveOrder.mutate(order, {
      onSuccess: () => showToast(true, m.orderSaved),
      onError: (failure) => setOrderError(failureText(failure, m.orderFailed)),
    });
  };

  const save = (key: string, draft: SlideDraft, onSaved?: () => void) => {
    setError(null);
    saveSlider.mutate(bodyOf(key, draft), {
      onSuccess: (reply) => {
        setDrafts(({ [key]: _saved, ...rest }) => rest);
        setVersion((v) => v + 1);
        showToast(true, reply.emptied ? m.savedInactive : m.saved);
        onSaved?.();
      },
      onError: (failure) => setError(failureText(failure, m.failed)),
    });
  };

  const addSlide = () => {
    setError(null);
    saveSlider.mutate(
      { name: m.newSlideName, type: 'none', active: false },
      {
        onSuccess: (reply) => {
          setSelectedKey(reply.slider.key);
          setVersion((v) => v + 1);
        },
        onError: (failure) => setError(failureText(failure, m.failed)),
      },
    );
  };

  const remove = () => {
    if (!selected) return;
    const stored = draftOf(selected);
    save(
      selected.key,
      { ...stored, type: 'none', active: false, mediaKey: null, mediaUrl: null, mediaType: null },
      () => {
        setDeleting(false);
        showToast(true, m.removed);
      },
    );
  };

  const ordered = order.flatMap((key) => {
    const slide = byKey.get(key);
    return slide ? [slide] : [];
  });

  return (
    <div className={classes.page}>
      <Toasts />
      <header className={classes.header}>
        <h1 className={classes.title}>{m.title}</h1>
        <p className={classes.lead}>{m.lead}</p>
        <Link to="/">{m.viewHome}</Link>
      </header>
      <section aria-labelledby="slides-title" className={classes.section}>
        <h2 id="slides-title" className={classes.sectionTitle}>
          {m.slidesTitle}
        </h2>
        {settings.isPending ? (
          <LoadingState label={m.listLabel} />
        ) : settings.isError ? (
          <ErrorState message={m.loadFailed} onRetry={() => void settings.refetch()} />
        ) : (
          <div className={classes.layout}>
            <div className={classes.list}>
              <p id="slides-hint" className={classes.hint}>
                {m.slidesHint}
              </p>
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                accessibility={{ announcements }}
                onDragEnd={onDragEnd}
              >
                <SortableContext items={order} strategy={verticalListSortingStrategy}>
                  <ol className={classes.tabs} aria-label={m.listLabel} aria-describedby="slides-hint">
                    {ordered.map((slide, index) => (
                      <SlideTab
                        key={slide.key}
                        slide={slide}
                        position={index + 1}
                        selected={slide.key === selected?.key}
                        unsaved={unsavedKeys.includes(slide.key)}
                        onSelect={() => {
                          setError(null);
                          setSelectedKey(slide.key);
                        }}
                      />
                    ))}
                  </ol>
                </SortableContext>
              </DndContext>
              <div role="alert">{orderError && <p className={classes.error}>{orderError}</p>}</div>
              <div className={classes.listActions}>
                <Button onClick={storeOrder} disabled={!orderDirty} loading={saveOrder.isPending}>
                  {m.saveOrder}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} aria-hidden="true" />}
                  onClick={addSlide}
                  disabled={slides.length >= sliderLimits.maxSlides || saveSlider.isPending}
                >
                  {m.addSlide}
                </Button>
              </div>
            </div>
            {selected && (
              <SlideEditor
                key={`${selected.key}:${version}`}
                draft={drafts[selected.key] ?? draftOf(selected)}
                stored={draftOf(selected)}
                saving={saveSlider.isPending}
                canDelete={!orderDirty && !saveOrder.isPending && selected.type !== 'none'}
                deleteHint={orderDirty ? m.orderUnsaved : null}
                error={error}
                onChange={(draft) => setDrafts((current) => ({ ...current, [selected.key]: draft }))}
                onSave={(draft) => save(selected.key, draft)}
                onDelete={() => setDeleting(true)}
              />
            )}
          </div>
        )}
      </section>
      <HeaderImagesPanel />
      <ConfirmDialog
        title={m.removeTitle}
        text={m.removeText}
        opened={deleting}
        busy={saveSlider.isPending}
        confirmLabel={m.remove}
        cancelLabel={m.cancel}
        danger
        onConfirm={remove}
        onClose={() => setDeleting(false)}
      />
      <LeaveDialog
        blocker={blocker}
        title={m.title}
        text={m.unsaved}
        leaveLabel={m.leave}
        stayLabel={m.stay}
      />
    </div>
  );
}
