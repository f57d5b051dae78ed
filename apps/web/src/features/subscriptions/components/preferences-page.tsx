import { Button, Skeleton } from '@mantine/core';
import { subscriptionMessages } from '@portal/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import type { PersonEntry } from '../../../lib/matrix/matrix-xml.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  type PayAnswer,
  type PreferencesConfig,
  type SaveProgress,
  savePreferences,
  usePersonEntries,
  usePreferencesConfig,
  useReloadPersonEntries,
} from '../api/preferences-api.ts';
import { type AccessPerson, usePersonAccess } from '../hooks/use-person-access.ts';
import {
  buildCategories,
  buildChipModel,
  chipLook,
  hasChanges,
  initialSelection,
  parseSubscriptionConfig,
  pendingChanges,
  subscribedColors,
  toggleChip,
} from '../lib/chip-state.ts';
import { PreferencesCategory, PreferencesLegend } from './preferences-chips.tsx';
import { AlreadySubscribedDialog, ContactedDialog, PayDialog } from './preferences-dialogs.tsx';
import classes from './preferences-page.module.css';

const text = subscriptionMessages.preferences;
// A subscribed chip whose configured colour is missing or unreadable takes the portal's success green.
const subscribedFallback = '#1e6b3a';

/**
 * Where Back (and the done dialog's OK) go: /settings from the settings route, otherwise the landing page. A
 * visitor acting through an e-mailed link has no settings page (it needs a sign-in): the landing page.
 */
export const backTarget = (back: string, viaLink = false) =>
  back.toLowerCase() === 'settings' && !viaLink ? '/settings' : '/';

function Header({ title, heading }: { title: string; heading: string }) {
  return (
    <header className={classes.header}>
      <h1 className={classes.title}>{title}</h1>
      {heading && <p className={classes.lead}>{heading}</p>}
    </header>
  );
}

function LoadingView() {
  return (
    <div className={classes.page} aria-busy="true">
      <header className={classes.header}>
        <h1 className={classes.title}>{text.titleFallback}</h1>
        <Skeleton height={18} width="60%" />
      </header>
      <div className={classes.panel}>
        <p className={classes.visuallyHidden} role="status">
          {text.loading}
        </p>
        {[0, 1].map((row) => (
          <div key={row} className={classes.category}>
            <Skeleton height={22} width={180} />
            <div className={classes.skeletonChips}>
              {[120, 160, 100, 140, 110].map((width) => (
                <Skeleton key={width} height={40} width={width} radius="xl" />
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** A visitor with neither a session nor a working link: sign in first, and come back here afterwards. */
function SignInFirst({ invalidLink }: { invalidLink: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className={classes.page}>
      <Header title={text.titleFallback} heading="" />
      <div className={classes.state}>
        {invalidLink && <p className={classes.error}>{subscriptionMessages.errors.linkInvalid}</p>}
        <p>{text.signInFirst}</p>
        <Button component={Link} to={`/login?redirectUrl=${encodeURIComponent(pathname)}`}>
          {text.signIn}
        </Button>
      </div>
    </div>
  );
}

/**
 * /subscriptionPreference/{back} (spec 3 sections 2 and 4): who the screen acts for comes from usePersonAccess
 * (the session, or an e-mailed link's `token`); the chips and Save are PreferencesEditor's.
 */
export function PreferencesPage({ back, token }: { back: string; token: string | null }) {
  const access = usePersonAccess({ token });
  if (access.status === 'loading') return <LoadingView />;
  if (access.status !== 'ready' || !access.person) {
    return <SignInFirst invalidLink={access.status === 'invalidLink'} />;
  }
  return <PreferencesLoader person={access.person} back={back} viaLink={access.via === 'link'} />;
}

function PreferencesLoader({
  person,
  back,
  viaLink,
}: {
  person: AccessPerson;
  back: string;
  viaLink: boolean;
}) {
  const config = usePreferencesConfig();
  const entries = usePersonEntries(person);
  usePageTitle(config.data?.parameters.sRWClientSubTitle || text.titleFallback);
  if (config.isError || entries.isError) {
    return (
      <div className={classes.page}>
        <Header title={config.data?.parameters.sRWClientSubTitle || text.titleFallback} heading="" />
        <div className={`${classes.state} ${classes.error}`} role="alert">
          <p>{text.loadFailed}</p>
          <Button
            variant="outline"
            onClick={() => {
              if (config.isError) void config.refetch();
              if (entries.isError) void entries.refetch();
            }}
          >
            {text.retry}
          </Button>
        </div>
      </div>
    );
  }
  if (!config.data || !entries.data) return <LoadingView />;
  // A fresh set of entries (after a save) starts the chips again from what the server now holds.
  const entriesKey = entries.data.map((e) => `${e.itemId}:${e.statusId}`).join(',');
  return (
    <PreferencesEditor
      key={entriesKey}
      person={person}
      back={back}
      viaLink={viaLink}
      config={config.data}
      entries={entries.data}
    />
  );
}

interface EditorProps {
  person: AccessPerson;
  back: string;
  viaLink: boolean;
  config: PreferencesConfig;
  entries: PersonEntry[];
}

type Dialog = 'none' | 'alreadySubscribed' | 'pay' | 'done';

function PreferencesEditor({ person, back, viaLink, config, entries }: EditorProps) {
  const { parameters, axes, descriptions } = config;
  const navigate = useNavigate();
  const reloadPersonEntries = useReloadPersonEntries();
  const model = useMemo(
    () => buildChipModel(axes, entries, parameters.sRWClientSubRelevantZAxis),
    [axes, entries, parameters.sRWClientSubRelevantZAxis],
  );
  const subConfig = useMemo(
    () => parseSubscriptionConfig(parameters.sRWClientSubConfigJSON),
    [parameters.sRWClientSubConfigJSON],
  );
  const categories = useMemo(() => buildCategories(subConfig, axes), [subConfig, axes]);
  const [selected, setSelected] = useState(() => initialSelection(model));
  // The legend's subscribed look in the colours the subscribed chips wear (one swatch each), else the colours a
  // subscribed chip would get here; the fallback colour when none is configured.
  const legendColors = useMemo(() => {
    const items = categories.flatMap((category) => category.items);
    const subscribed = items.filter((item) => chipLook(model, selected, item.id) === 'subscribed');
    const colors = (subscribed.length > 0 ? subscribed : items).map((item) =>
      subscribedColors(subConfig, item.id, subscribedFallback),
    );
    return [...new Map(colors.map((c) => [c.background.toLowerCase(), c])).values()];
  }, [categories, model, selected, subConfig]);
  const [dialog, setDialog] = useState<Dialog>('none');
  // The subscribed chip the reader clicked: the already-subscribed dialog offers its unsubscribe form.
  const [blockedId, setBlockedId] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  // How far the last attempt got for these chips (see SaveProgress); a change of the chips starts afresh.
  const progress = useRef<SaveProgress>({});

  const changes = useMemo(() => pendingChanges(model, selected), [model, selected]);
  const changed = hasChanges(changes);
  const onSettings = back.toLowerCase() === 'settings';
  const backTo = backTarget(back, viaLink);

  const toggle = useCallback(
    (id: number) => {
      if (saving) return;
      const result = toggleChip(model, selected, id);
      if (result.blocked) {
        setBlockedId(id);
        setDialog('alreadySubscribed');
        return;
      }
      progress.current = {};
      setSaveError(null);
      setSelected(result.selected);
    },
    [model, selected, saving],
  );

  const runSave = async (answer: PayAnswer) => {
    setDialog('none');
    setSaving(true);
    setSaveError(null);
    try {
      await savePreferences({ person, changes, answer, parameters }, progress.current);
      setDialog('done');
    } catch (error) {
      // A refusal carries the server's clear message; a network failure or a fault gets ours. The chips keep
      // the reader's choice either way.
      setSaveError(
        error instanceof ApiError && error.status >= 400 && error.status < 500
          ? error.message
          : text.saveFailed,
      );
    } finally {
      setSaving(false);
    }
  };

  const save = () => {
    if (!changed) {
      // Nothing added or removed (possible only off the settings route, e.g. after sign-up): nothing to send.
      navigate(backTo);
      return;
    }
    // Spec 3 section 4: removals only go straight through as the 'No' path; anything added asks first.
    if (changes.inserts.length === 0) void runSave('No');
    else setDialog('pay');
  };

  const finish = () => {
    setDialog('none');
    reloadPersonEntries();
    navigate(backTo);
  };

  const title = parameters.sRWClientSubTitle || text.titleFallback;
  return (
    <div className={classes.page}>
      <Header title={title} heading={parameters.sRWClientSubHeading} />
      <div className={classes.panel}>
        <PreferencesLegend subscribedColors={legendColors} />
        {categories.map((category) => (
          <PreferencesCategory
            key={`${category.label}-${category.items[0]?.id}`}
            category={category}
            lookOf={(id) => chipLook(model, selected, id)}
            descriptionOf={(id) => descriptions.get(id)}
            colorsOf={(id) => subscribedColors(subConfig, id, subscribedFallback)}
            onToggle={toggle}
          />
        ))}
        {saveError && (
          <p className={classes.saveError} role="alert">
            {saveError}
          </p>
        )}
        <div className={classes.actions}>
          <Button component={Link} to={backTo} variant="default">
            {text.back}
          </Button>
          <Button onClick={save} loading={saving} disabled={onSettings && !changed}>
            {text.save}
          </Button>
        </div>
      </div>
      <AlreadySubscribedDialog
        opened={dialog === 'alreadySubscribed'}
        message={parameters.sRWClientAlreadySubscribedText}
        unsubscribeTo={blockedId === null ? null : `/unsubscribe/${blockedId}`}
        onClose={() => setDialog('none')}
      />
      <PayDialog
        opened={dialog === 'pay'}
        message={parameters.sRWClientSubPayDialogText}
        onAnswer={(answer) => void runSave(answer)}
        onClose={() => setDialog('none')}
      />
      <ContactedDialog opened={dialog === 'done'} onOk={finish} />
    </div>
  );
}
