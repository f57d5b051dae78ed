import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Group, Text } from '@mantine/core';
import { type BlogConfigBody, type BlogInfo, messagesBlogs } from '@portal/contract';
import { IconGripVertical } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Feedback, type FeedbackValue, failureOf } from '../../../components/action-feedback.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useSortableList } from '../../../hooks/use-sortable-list.ts';
import { blogActions, useBlogAdminReloads } from '../api/blog-admin-api.ts';
import { inOrder, moveKey, sameOrder } from '../lib/blog-order.ts';
import classes from './blog-admin.module.css';
import { BlogConfigForm } from './blog-config-form.tsx';

const m = messagesBlogs.admin;
const s = m.settings;

/** One blog tab: a drag handle (pointer or keyboard: Space, arrows, Space) and the button that selects the blog. */
function BlogTab({ blog, selected, onSelect }: { blog: BlogInfo; selected: boolean; onSelect: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: blog.key });
  return (
    <li
      ref={setNodeRef}
      className={`${selected ? classes.blogTabSelected : classes.blogTab} ${isDragging ? classes.blogTabDragging : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={classes.handle}
        {...attributes}
        {...listeners}
        aria-label={s.dragHandle(blog.topic)}
      >
        <IconGripVertical size={16} aria-hidden="true" />
      </button>
      <button type="button" className={classes.tabButton} aria-pressed={selected} onClick={onSelect}>
        {blog.topic}
      </button>
    </li>
  );
}

/**
 * The Settings tab of Blog Management (spec 2 section 5): the blogs as tabs in their menu order, reordered by
 * drag and drop or by keyboard and saved on drop (a failed save puts the order back); Add New, Delete with a
 * confirmation (the server refuses a blog that still has posts: its message shows), and the selected blog's form.
 */
export function SettingsTab({
  blogs,
  selectedKey,
  onSelect,
}: {
  blogs: BlogInfo[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
}) {
  const reloads = useBlogAdminReloads();
  const serverOrder = blogs.map((blog) => blog.key);
  const [order, setOrder] = useState<string[]>(serverOrder);
  const [feedback, setFeedback] = useState<FeedbackValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<BlogInfo | null>(null);
  const serverOrderText = serverOrder.join(',');

  // A reload of the list (after a save, an add or a delete) brings the server's order.
  useEffect(() => {
    setOrder(serverOrderText ? serverOrderText.split(',') : []);
  }, [serverOrderText]);

  const ordered = inOrder(blogs, order);
  const selected = ordered.find((blog) => blog.key === selectedKey) ?? ordered[0] ?? null;
  const topicOf = (key: string | number) => blogs.find((blog) => blog.key === key)?.topic ?? String(key);

  const { sensors, announcements } = useSortableList(order, topicOf, s);

  const refresh = async () => {
    await reloads.blogs();
  };

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const before = order;
    const next = moveKey(before, String(active.id), String(over.id));
    if (sameOrder(before, next)) return;
    setOrder(next);
    setFeedback(null);
    try {
      await blogActions.reorder(next);
      setFeedback({ ok: true, text: s.orderSaved });
      await refresh();
    } catch (error) {
      setOrder(before);
      setFeedback({ ok: false, text: `${s.orderFailed} ${failureOf(error).text}` });
    }
  };

  const addNew = async () => {
    setBusy(true);
    setFeedback(null);
    try {
      const created = await blogActions.save({
        topic: s.newBlogTopic,
        subtitle: messagesBlogs.defaultSubtitle,
        accessType: 'npi',
      });
      await refresh();
      onSelect(created.key);
      setFeedback({ ok: true, text: s.created });
    } catch (error) {
      setFeedback(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (blog: BlogInfo) => {
    setBusy(true);
    setFeedback(null);
    try {
      await blogActions.remove(blog.key);
      setFeedback({ ok: true, text: s.deleted });
      await refresh();
      await reloads.posts();
    } catch (error) {
      setFeedback(failureOf(error));
    } finally {
      setDeleting(null);
      setBusy(false);
    }
  };

  const save = async (body: BlogConfigBody) => {
    setFeedback(null);
    await blogActions.save(body);
    setFeedback({ ok: true, text: s.saved });
    await refresh();
  };

  return (
    <div className={classes.page}>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" className={classes.muted} id="blog-order-hint">
          {s.reorderHint}
        </Text>
        <Group gap={8}>
          <Button variant="outline" loading={busy} onClick={() => void addNew()}>
            {s.addNew}
          </Button>
          {selected && (
            <Button variant="default" color="red.9" onClick={() => setDeleting(selected)}>
              {s.deleteBlog}
            </Button>
          )}
        </Group>
      </Group>
      {ordered.length === 0 ? (
        <p className={classes.state}>{s.noBlogs}</p>
      ) : (
        <nav aria-label={s.blogsLabel}>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            accessibility={{ announcements }}
            onDragEnd={(event) => void onDragEnd(event)}
          >
            <SortableContext items={order} strategy={rectSortingStrategy}>
              <ul className={classes.blogTabs}>
                {ordered.map((blog) => (
                  <BlogTab
                    key={blog.key}
                    blog={blog}
                    selected={blog.key === selected?.key}
                    onSelect={() => onSelect(blog.key)}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
        </nav>
      )}
      <Feedback value={feedback} />
      {selected && <BlogConfigForm key={selected.key} blog={selected} onSave={save} />}
      <ConfirmDialog
        confirmLabel={messagesBlogs.admin.confirm}
        cancelLabel={messagesBlogs.admin.cancel}
        danger
        opened={deleting !== null}
        title={m.confirmDeleteBlogTitle}
        text={m.confirmDeleteBlog(deleting?.topic ?? '')}
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </div>
  );
}
