import 'altcha/external';
import 'altcha/altcha.css';
import type {} from 'altcha/types/react';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import { type Ref, useEffect, useId, useImperativeHandle, useRef } from 'react';
import { challengeUrl } from '../api/site-api.ts';
import classes from './contact-form.module.css';

// The CSP allows scripts (and so workers) only from our own origin: the proof-of-work workers are emitted as
// files by the build ('altcha/external' has no inline blob workers) and registered for each algorithm.
for (const name of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512'])
  globalThis.$altcha.algorithms.set(name, () => new Pbkdf2Worker());
for (const name of ['SHA-256', 'SHA-384', 'SHA-512'])
  globalThis.$altcha.algorithms.set(name, () => new ShaWorker());

interface AltchaElement extends HTMLElement {
  reset: () => void;
}

export interface AltchaHandle {
  /** A new challenge is needed (the last solution was refused or used). */
  reset: () => void;
}

interface AltchaFieldProps {
  /** The widget's payload once the challenge is solved; '' while it is not. */
  onChange: (payload: string) => void;
  error?: string;
  ref?: Ref<AltchaHandle>;
}

/**
 * The ALTCHA proof-of-work widget (no tracking, no third party): the challenge comes from GET /aoi/challenge,
 * the browser solves it when the checkbox is ticked, and the payload goes with the form as `captcha`.
 * Its error shows right under it (spec 3 section 7).
 */
export function AltchaField({ onChange, error, ref }: AltchaFieldProps) {
  const widget = useRef<AltchaElement>(null);
  const errorId = useId();
  const change = useRef(onChange);
  change.current = onChange;

  useImperativeHandle(ref, () => ({ reset: () => widget.current?.reset() }), []);

  useEffect(() => {
    const el = widget.current;
    if (!el) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      change.current(state === 'verified' && payload ? payload : '');
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);

  // The widget draws its own checkbox: the error is tied to that checkbox, which is what takes the focus.
  useEffect(() => {
    const checkbox = widget.current?.querySelector('input[type="checkbox"]');
    if (!checkbox) return;
    if (error) {
      checkbox.setAttribute('aria-describedby', errorId);
      checkbox.setAttribute('aria-invalid', 'true');
    } else {
      checkbox.removeAttribute('aria-describedby');
      checkbox.removeAttribute('aria-invalid');
    }
  }, [error, errorId]);

  return (
    <div className={classes.captcha} data-field="captcha" data-invalid={error ? true : undefined}>
      <altcha-widget
        ref={widget as Ref<HTMLElement>}
        challenge={challengeUrl()}
        name="captcha"
        type="checkbox"
        language="en"
        auto="off"
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className={classes.fieldError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
