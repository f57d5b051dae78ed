import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Button, Group, Modal, Select, TextInput } from '@mantine/core';
import { blogLimits, messagesBlogs, type Post, type PostBody } from '@portal/contract';
import type { Content } from '@tiptap/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Feedback, type FeedbackValue, failureOf } from '../../../components/action-feedback.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useRichTextEditor } from '../../../components/rich-text/use-rich-text-editor.ts';
import { useLeaveGuard } from '../../../hooks/use-leave-guard.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { editorActions, postActions, useBlogs, usePost } from '../api/blog-admin-api.ts';
import { researchIdsOf } from '../lib/research-list.ts';
import { AssociatedResearch } from './associated-research.tsx';
import classes from './blog-admin.module.css';
import { BlogRichText } from './blog-rich-text.tsx';

const m = messagesBlogs.admin;
const e = m.editor;
const v = messagesBlogs.validation;

/** The editor's content of a loaded post: its editor JSON when it has one, else its HTML. */
const contentOf = (post: Post): Content =>
  post.draft && typeof post.draft === 'object' ? (post.draft as Content) : post.html;

/**
 * /admin/createPost (and ?id= to edit): title, rich text, blog; Save disabled while the editor has no text.
 * A new post opens in its edit view once created; an update shows "Saved. Reloading" and reloads the post after
 * the spec's 3000 ms, as does saving the associated research. Nothing typed is lost on a failed save, and leaving
 * with unsaved changes asks first.
 */
export function PostEditorPage({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const blogs = useBlogs();
  const post = usePost(id);
  const bodyLabelId = useId();
  const body = useRichTextEditor(e.body, null);
  const [title, setTitle] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const [fieldsDirty, setFieldsDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [feedback, setFeedback] = useState<FeedbackValue | null>(null);
  const [busy, setBusy] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const leaving = useRef(false);
  const isLeaving = useCallback(() => leaving.current, []);
  const reloadTimer = useRef<number | undefined>(undefined);
  const dirty = fieldsDirty || body.dirty;
  const { editor, load } = body;

  // A loaded (or reloaded) post replaces the form.
  const loaded = post.data?.post;
  useEffect(() => {
    if (!loaded || !editor) return;
    setTitle(loaded.title);
    setKey(loaded.key);
    setFieldsDirty(false);
    load(contentOf(loaded), editor);
  }, [loaded, editor, load]);

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const blocker = useLeaveGuard(dirty, isLeaving);

  /** The spec's reload after an update: "Saved. Reloading", then the post (and its research) from the server. */
  const reloadLater = () => {
    setReloading(true);
    setFeedback({ ok: true, text: e.reloading });
    window.clearTimeout(reloadTimer.current);
    reloadTimer.current = window.setTimeout(() => {
      void post.refetch().finally(() => {
        setReloading(false);
        setFeedback({ ok: true, text: e.saved });
      });
    }, blogLimits.reloadDelayMs);
  };

  const save = async () => {
    if (!editor) return;
    setFeedback(null);
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = v.titleRequired;
    if (!key) found.key = v.keyRequired;
    setErrors(found);
    if (Object.keys(found).length > 0 || !key) return;
    const payload: PostBody = { title, html: editor.getHTML(), draft: editor.getJSON(), key };
    setBusy(true);
    try {
      if (id === null) {
        const created = await editorActions.create(payload);
        leaving.current = true;
        setFieldsDirty(false);
        body.setDirty(false);
        navigate(`/admin/createPost?id=${created.id}`);
        return;
      }
      await editorActions.update(id, payload);
      setFieldsDirty(false);
      body.setDirty(false);
      reloadLater();
    } catch (error) {
      // What is typed stays in the form; the server's field errors show on their fields.
      if (error instanceof ApiError) setErrors(error.errors);
      setFeedback(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  const togglePublish = async () => {
    if (!loaded) return;
    setBusy(true);
    setFeedback(null);
    try {
      if (loaded.publish) await postActions.unpublish(loaded.id, loaded.key);
      else await postActions.publish(loaded.id, loaded.key);
      setFeedback({ ok: true, text: loaded.publish ? m.unpublished : m.published });
      await post.refetch();
    } catch (error) {
      setFeedback(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!loaded) return;
    setBusy(true);
    try {
      await postActions.remove(loaded.id);
      leaving.current = true;
      navigate('/admin/favorites');
    } catch (error) {
      setFeedback(failureOf(error));
      setDeleting(false);
    } finally {
      setBusy(false);
    }
  };

  const saveResearch = async (list: { id: number; title: string }[]) => {
    if (id === null) return;
    setBusy(true);
    setFeedback(null);
    try {
      await editorActions.saveResearch({ iPostID: id, sResearches: researchIdsOf(list) });
      reloadLater();
    } catch (error) {
      setFeedback(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  if (id !== null && post.isError) {
    const notFound = post.error instanceof ApiError && post.error.status === 404;
    return (
      <div className={classes.page}>
        <h1 className={classes.title}>{e.editTitle}</h1>
        <div role="alert" className={classes.state}>
          <p>{notFound ? e.postNotFound : failureOf(post.error).text}</p>
          {!notFound && (
            <Button variant="outline" onClick={() => void post.refetch()}>
              {m.retry}
            </Button>
          )}
        </div>
      </div>
    );
  }
  if (id !== null && post.isPending) return <p role="status">{m.loading}</p>;

  return (
    <div className={classes.page}>
      <Group justify="space-between" align="center">
        <h1 className={classes.title}>{id === null ? e.createTitle : e.editTitle}</h1>
        {loaded && (
          <Group gap={8}>
            <span className={loaded.publish ? classes.statusPublished : classes.statusDraft}>
              {loaded.publish ? e.statusPublished : e.statusDraft}
            </span>
            <Link className={classes.link} to={`/post/${loaded.id}`}>
              {e.viewPost}
            </Link>
          </Group>
        )}
      </Group>
      <form
        className={classes.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextInput
          label={e.title}
          required
          value={title}
          maxLength={blogLimits.titleMax}
          error={errors.title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setFieldsDirty(true);
            setErrors(({ title: _t, ...rest }) => rest);
          }}
        />
        <div className={classes.field}>
          <span id={bodyLabelId} className={classes.label}>
            {e.body}
          </span>
          <BlogRichText editor={editor} labelId={bodyLabelId} withImages invalid={Boolean(errors.html)} />
          {errors.html && <p className={classes.error}>{errors.html}</p>}
        </div>
        <Select
          label={e.blog}
          placeholder={e.blogPlaceholder}
          required
          value={key}
          error={errors.key}
          allowDeselect={false}
          onChange={(value) => {
            setKey(value);
            setFieldsDirty(true);
            setErrors(({ key: _k, ...rest }) => rest);
          }}
          data={(blogs.data ?? []).map((blog) => ({ value: blog.key, label: blog.topic }))}
        />
        <Feedback value={feedback} />
        <div className={classes.actions}>
          <Button type="submit" loading={busy && !deleting} disabled={!body.hasText || reloading}>
            {e.save}
          </Button>
          {loaded && (
            <>
              <Button variant="default" onClick={() => void togglePublish()} disabled={busy || reloading}>
                {loaded.publish ? m.unpublish : m.publish}
              </Button>
              <Button variant="default" color="red.9" onClick={() => setDeleting(true)} disabled={busy}>
                {m.delete}
              </Button>
            </>
          )}
          <Button variant="subtle" component={Link} to="/admin/favorites">
            {e.cancel}
          </Button>
        </div>
      </form>
      {id !== null && loaded && (
        <AssociatedResearch postId={id} busy={busy || reloading} onSave={(list) => void saveResearch(list)} />
      )}
      <ConfirmDialog
        confirmLabel={messagesBlogs.admin.confirm}
        cancelLabel={messagesBlogs.admin.cancel}
        danger
        opened={deleting}
        title={m.confirmDeletePostTitle}
        text={m.confirmDeletePost(loaded?.title ?? title)}
        busy={busy}
        onClose={() => setDeleting(false)}
        onConfirm={() => void remove()}
      />
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={e.editTitle}
        centered
      >
        <p>{e.unsaved}</p>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {e.stay}
          </Button>
          <Button color="red.9" onClick={() => blocker.proceed?.()}>
            {e.leave}
          </Button>
        </Group>
      </Modal>
    </div>
  );
}
