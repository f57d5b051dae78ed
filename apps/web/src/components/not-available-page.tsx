import { Button, Text, Title } from '@mantine/core';
import { messages } from '@portal/contract';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import classes from './status-page.module.css';

/** Stands in for screens of capabilities that have not landed yet; their routes and guards already apply. */
export function NotAvailablePage() {
  usePageTitle(messages.pages.notAvailableTitle);
  return (
    <div className={classes.root}>
      <hr className={classes.rule} />
      <Title order={1} className={classes.title}>
        {messages.pages.notAvailableTitle}
      </Title>
      <Text className={classes.text}>{messages.pages.notAvailable}</Text>
      <Button component={Link} to="/" variant="outline">
        Back to home
      </Button>
    </div>
  );
}
