import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Menu } from '@mantine/core';
import { type CopyLink, copyLinkTexts } from '@portal/contract';
import { IconChevronDown } from '@tabler/icons-react';
import classes from './viewer.module.css';

/**
 * An admin's copy-link menu (spec 2 section 3: sWebCustomLinks and rw_CopyLinkTo, the links built by the server):
 * each entry copies its link; the toolbar's notice says 'Copied' or 'Internal Error' (spec 2 section 8).
 */
export function CopyLinkMenu({
  links,
  icon,
  onCopied,
}: {
  links: readonly CopyLink[];
  icon: React.ReactNode;
  onCopied: (text: string) => void;
}) {
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      onCopied(copyLinkTexts.copied);
    } catch {
      onCopied(copyLinkTexts.failed);
    }
  };
  return (
    // No initial-focus placeholder: Mantine's is a role=presentation child of the menu, which a menu may not have
    // (axe's aria-required-children, critical).
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <button type="button" className={classes.toolButton}>
          {icon}
          <span>{copyLinkTexts.menu}</span>
          {/* a menu, not the plain copy beside it: on a phone, where only the icons show, the chevron tells them apart */}
          <IconChevronDown size={14} aria-hidden="true" />
        </button>
      </Menu.Target>
      <Menu.Dropdown>
        {links.map((link) => (
          <Menu.Item key={link.name} onClick={() => void copy(link.url)} title={link.url}>
            {link.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
