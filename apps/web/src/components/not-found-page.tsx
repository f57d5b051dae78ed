import { Button, Text, Title } from '@mantine/core';
import { messages } from '@portal/contract';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import classes from './status-page.module.css';

/** Unknown paths (spec 1 section 2.1). React 19 hoists the robots meta into <head> while this page shows. */
export function NotFoundPage() {
  usePageTitle(messages.pages.notFound);
  return (
    <div className={classes.root}>
      <meta name="robots" content="noindex" />
      <hr className={classes.rule} />
      <Title order={1} className={classes.title}>
        {messages.pages.notFound}
      </Title>
      <Text className={classes.text}>The address you opened does not match any page of the portal.</Text>
      <Button component={Link} to="/">
        Back to home
      </Button>
    </div>
  );
}
