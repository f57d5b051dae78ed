import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Button, Menu } from '@mantine/core';
import { messagesAdminUsers as m, type WebsiteUserRow } from '@portal/contract';

export type WebsiteAction =
  | 'activate'
  | 'deactivate'
  | 'resend'
  | 'newPassword'
  | 'remove'
  | 'import'
  | 'view';

/**
 * The actions a website user's state allows (spec 2 sections 2 and 5): activate or deactivate only when verified,
 * re-send verification only when not, import only when not yet in the external system. The server refuses the
 * others anyway; the menu only leaves out what would be refused.
 */
export const websiteActionsOf = (
  user: Pick<WebsiteUserRow, 'bVerifiedEmail' | 'bActivated' | 'bImported'>,
): WebsiteAction[] => [
  ...(user.bVerifiedEmail
    ? [user.bActivated ? ('deactivate' as const) : ('activate' as const)]
    : ['resend' as const]),
  'newPassword',
  ...(user.bImported ? [] : ['import' as const]),
  'view',
  'remove',
];

const labels: Record<WebsiteAction, string> = {
  activate: m.actions.activate,
  deactivate: m.actions.deactivate,
  resend: m.actions.resendVerification,
  newPassword: m.actions.newPassword,
  remove: m.actions.remove,
  import: m.actions.import,
  view: m.actions.view,
};

/** A row's menu, named for its user ("Actions for Jane Doe"). */
export function RowActions({
  name,
  actions,
  disabled,
  onAction,
}: {
  name: string;
  actions: readonly WebsiteAction[];
  disabled?: boolean;
  onAction: (action: WebsiteAction) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" disabled={disabled} aria-label={`${m.actions.menu} ${name}`}>
          {m.columns.actions}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action}
            color={action === 'remove' ? 'red.9' : undefined}
            onClick={() => onAction(action)}
          >
            {labels[action]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
