import '@mantine/core/styles/Tabs.css';
import { Button, Tabs } from '@mantine/core';
import { messagesBlogs } from '@portal/contract';
import { useSearchParams } from 'react-router';
import { useBlogs } from '../api/blog-admin-api.ts';
import classes from './blog-admin.module.css';
import { PostsTab } from './posts-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';

const m = messagesBlogs.admin;
type Tab = 'posts' | 'settings';

/**
 * /admin/favorites, Blog Management (spec 2 "Blog administration"): Posts and Settings tabs, Posts by default.
 * The tab and the selected blog live in the address (?tab=settings&blog=key), so a reload keeps them.
 */
export function BlogManagementPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'settings' ? 'settings' : 'posts';
  const blogs = useBlogs();

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  let body: React.ReactNode;
  if (blogs.isError && !blogs.data) {
    body = (
      <div role="alert" className={classes.state}>
        <p>{m.loadFailed}</p>
        <Button variant="outline" onClick={() => void blogs.refetch()}>
          {m.retry}
        </Button>
      </div>
    );
  } else if (!blogs.data) {
    body = (
      <p className={classes.state} role="status">
        {m.loading}
      </p>
    );
  }

  return (
    <div className={classes.page}>
      <h1 className={classes.title}>{m.title}</h1>
      <Tabs
        value={tab}
        onChange={(value) => setParam('tab', value === 'settings' ? 'settings' : null)}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="posts">{m.tabs.posts}</Tabs.Tab>
          <Tabs.Tab value="settings">{m.tabs.settings}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="posts" pt="md">
          {body ?? <PostsTab blogs={blogs.data ?? []} />}
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          {body ?? (
            <SettingsTab
              blogs={blogs.data ?? []}
              selectedKey={params.get('blog')}
              onSelect={(key) => setParam('blog', key)}
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </div>
  );
}
