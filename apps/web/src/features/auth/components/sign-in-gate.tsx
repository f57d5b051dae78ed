import '@mantine/core/styles/Modal.css';
import { Modal } from '@mantine/core';
import { messagesSite } from '@portal/contract';
import { Link, useLocation, useNavigate } from 'react-router';
import { getRuntimeConfig } from '../../../lib/runtime-config.ts';
import { LoginForm } from './login-form.tsx';
import classes from './sign-in-gate.module.css';

const m = messagesSite;

/** The dummy page: the outline of a research list, drawn only as shapes (hidden from assistive technology). */
function PageMockUp() {
  return (
    <div className={classes.mock} aria-hidden="true" inert>
      <div className={classes.title} />
      <div className={classes.bar} />
      <div className={classes.cards}>
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder shapes
          <div key={i} className={classes.card}>
            <div className={classes.short} />
            <div className={classes.bar} />
            <div className={classes.bar} />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * Spec 1 section 2.5: /signup reached with route state (a signed-out reader sent here from a page that needs an
 * account) shows a sign-in modal over a dummy page instead of the form. Signing in moves the reader on as from
 * /login (the access guard: the redirect address); "Create an account" shows the sign-up form; closing the
 * modal goes to the landing page.
 */
export default function SignInGate({ initialEmail }: { initialEmail: string }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const firm = getRuntimeConfig().firm.name;
  return (
    <>
      <PageMockUp />
      <Modal opened onClose={() => navigate('/')} title={m.gateTitle} centered size="md">
        <p className={classes.text}>{m.gateText}</p>
        {/* On a guest route the access guard moves the now signed-in reader on. */}
        <LoginForm initialEmail={initialEmail} onSignedIn={() => undefined} />
        <p className={classes.footer}>
          {m.gateNew.replace('{firm}', firm)}{' '}
          <Link to={`${pathname}${search}`} replace state={null}>
            {m.gateCreate}
          </Link>
        </p>
      </Modal>
    </>
  );
}
