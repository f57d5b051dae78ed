import { Button, Text, Title } from '@mantine/core';
import { messages } from '@portal/contract';
import classes from './status-page.module.css';

/** Shown when a route fails to render or its code cannot be loaded (e.g. after a new release). */
export function RouteErrorPage() {
  return (
    <main className={classes.standalone}>
      <div className={classes.root}>
        <Title order={1} className={classes.title}>
          Something went wrong
        </Title>
        <Text className={classes.text}>{messages.errors.internal}</Text>
        <Button onClick={() => window.location.reload()}>Reload page</Button>
      </div>
    </main>
  );
}
