import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Button, Group, Select, Table } from '@mantine/core';
import { type BlogInfo, messagesBlogs, type PostCard } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Feedback, type FeedbackValue, failureOf } from '../../../components/action-feedback.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { postActions, useBlogAdminReloads, usePosts } from '../api/blog-admin-api.ts';
import classes from './blog-admin.module.css';

const m = messagesBlogs.admin;
/** The filter's "all blogs" value: never a blog key (keys are letters, digits, '-' and '_'). */
const allBlogs = '*';

/**
 * The Posts tab of Blog Management: Published / Drafts, a blog filter, the list in keyset pages, and each post's
 * Edit, Publish or Unpublish, and Delete (after a confirmation).
 */
export function PostsTab({ blogs }: { blogs: BlogInfo[] }) {
  const reloads = useBlogAdminReloads();
  const [publish, setPublish] = useState(true);
  const [key, setKey] = useState(allBlogs);
  const [feedback, setFeedback] = useState<FeedbackValue | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<PostCard | null>(null);
  const filter = { publish, key: key === allBlogs ? undefined : key };
  const posts = usePosts(filter);
  const rows = posts.data?.pages.flatMap((page) => page.data) ?? [];
  const kind = publish ? m.toggle.published : m.toggle.drafts;

  const refreshAll = reloads.posts;

  /** Publish or unpublish: the reply is the list the post left, which replaces it at once; the others reload. */
  const toggle = async (post: PostCard) => {
    setBusy(post.id);
    setFeedback(null);
    try {
      const reply = publish
        ? await postActions.unpublish(post.id, filter.key)
        : await postActions.publish(post.id, filter.key);
      if (reply && Array.isArray(reply.data)) reloads.showPosts(filter, reply);
      setFeedback({ ok: true, text: publish ? m.unpublished : m.published });
    } catch (error) {
      setFeedback(failureOf(error));
    } finally {
      setBusy(null);
      await reloads.otherPosts(publish);
    }
  };

  const remove = async (post: PostCard) => {
    setBusy(post.id);
    setFeedback(null);
    try {
      await postActions.remove(post.id);
      setFeedback({ ok: true, text: m.deleted });
    } catch (error) {
      setFeedback(failureOf(error));
    } finally {
      setDeleting(null);
      setBusy(null);
      await refreshAll();
    }
  };

  const blogTopic = (post: PostCard) => blogs.find((blog) => blog.key === post.key)?.topic ?? post.blogTopic;

  return (
    <div className={classes.page}>
      <div className={classes.toolbar}>
        <Button component={Link} to="/admin/createPost">
          {m.addPost}
        </Button>
        {/* Two toggle buttons rather than Mantine's SegmentedControl: a component no other screen shares keeps the
            entry chunk's list of preloaded files (and the login route's budget) as it was. */}
        <fieldset className={classes.toggle}>
          <legend className={classes.visuallyHidden}>{m.tabs.posts}</legend>
          {([true, false] as const).map((value) => (
            <Button
              key={String(value)}
              variant={publish === value ? 'filled' : 'default'}
              aria-pressed={publish === value}
              onClick={() => setPublish(value)}
            >
              {value ? m.toggle.published : m.toggle.drafts}
            </Button>
          ))}
        </fieldset>
        <Select
          className={classes.filter}
          label={m.blogFilter}
          value={key}
          allowDeselect={false}
          onChange={(value) => setKey(value ?? allBlogs)}
          data={[
            { value: allBlogs, label: m.allBlogsFilter },
            ...blogs.map((blog) => ({ value: blog.key, label: blog.topic })),
          ]}
        />
      </div>
      <Feedback value={feedback} />
      {posts.isError && rows.length === 0 ? (
        <div role="alert" className={classes.state}>
          <p>{m.loadFailed}</p>
          <Button variant="outline" onClick={() => void posts.refetch()}>
            {m.retry}
          </Button>
        </div>
      ) : posts.isPending ? (
        <p className={classes.state} role="status">
          {m.loading}
        </p>
      ) : rows.length === 0 ? (
        <p className={classes.state}>{m.noPosts}</p>
      ) : (
        <div className={classes.frame}>
          <Table className={classes.table} aria-label={m.listLabel(kind)} aria-busy={posts.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{m.columns.title}</Table.Th>
                <Table.Th scope="col">{m.columns.blog}</Table.Th>
                <Table.Th scope="col">{m.columns.date}</Table.Th>
                <Table.Th scope="col">{m.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((post) => (
                <Table.Tr key={post.id}>
                  <Table.Td>
                    <Link className={classes.link} to={`/post/${post.id}`}>
                      {post.title}
                    </Link>
                  </Table.Td>
                  <Table.Td>{blogTopic(post)}</Table.Td>
                  <Table.Td>{formatDate(post.published_at ?? post.created_at, 'dayFirst')}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        component={Link}
                        to={`/admin/createPost?id=${post.id}`}
                        aria-label={`${m.edit} ${post.title}`}
                      >
                        {m.edit}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy === post.id}
                        onClick={() => void toggle(post)}
                        aria-label={`${publish ? m.unpublish : m.publish} ${post.title}`}
                      >
                        {publish ? m.unpublish : m.publish}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red.9"
                        onClick={() => setDeleting(post)}
                        aria-label={`${m.delete} ${post.title}`}
                      >
                        {m.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {posts.hasNextPage && (
        <Group justify="center">
          <Button
            variant="outline"
            loading={posts.isFetchingNextPage}
            onClick={() => void posts.fetchNextPage()}
          >
            {m.more}
          </Button>
        </Group>
      )}
      <ConfirmDialog
        confirmLabel={messagesBlogs.admin.confirm}
        cancelLabel={messagesBlogs.admin.cancel}
        danger
        opened={deleting !== null}
        title={m.confirmDeletePostTitle}
        text={m.confirmDeletePost(deleting?.title ?? '')}
        busy={deleting !== null && busy === deleting.id}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </div>
  );
}
