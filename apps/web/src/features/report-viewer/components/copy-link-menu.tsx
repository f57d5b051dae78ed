import { Menu } from '@mantine/core';
import { type CopyLink, copyLinkTexts } from '@portal/contract';
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
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <button type="button" className={classes.toolButton}>
          {icon}
          <span>{copyLinkTexts.menu}</span>
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
