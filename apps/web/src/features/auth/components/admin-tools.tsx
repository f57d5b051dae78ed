import { limits, messagesSettingsAdmin } from '@portal/contract';
import { Link } from 'react-router';
import classes from './settings.module.css';

/** Spec 2 section 2: the admin tool menu on the account settings page. */
export const adminTools = [
  { to: '/admin/site-management', label: 'Homepage Slider' },
  { to: '/admin/reports', label: 'Report Management' },
  { to: '/admin/team-management', label: 'Our People Ordering' },
  { to: '/admin/OurFirmManagement', label: 'Our Firm editor' },
  { to: '/admin/favorites', label: 'Blog Management' },
  { to: '/admin/connect/approval', label: 'CONNECT Approval' },
  { to: '/admin/users', label: 'Users Management' },
  { to: '/admin/createPost', label: 'Create a post' },
  // ours (issue 24): beyond the spec's eight
  { to: '/admin/watermark', label: messagesSettingsAdmin.tools.watermark },
  { to: '/admin/parameters', label: messagesSettingsAdmin.tools.parameters },
] as const;

export function AdminTools() {
  return (
    <>
      <ul className={classes.tools}>
        {adminTools.map((tool) => (
          <li key={tool.to}>
            <Link to={tool.to} className={classes.tool}>
              {tool.label}
            </Link>
          </li>
        ))}
      </ul>
      <p className={classes.version}>Version {limits.adminVersion}</p>
    </>
  );
}
