import { Badge, NavLink } from '@mantine/core';
import { IconMessageReport, IconRadar, IconUserCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { useOpenFeedbackCount } from '../../features/admin/inbox/api';
import { useIdleStarted } from '../../lib/idle';

/**
 * The administrators' part of the sidebar: scanner, users and the feedback inbox with its count of open
 * items (asked once a minute, and again whenever the inbox changes an item). Rendered for administrators
 * only, so nobody else asks for the count.
 */
export function AdminLinks({ onFollow }: { onFollow(event: React.MouseEvent<HTMLAnchorElement>): void }) {
  const { t } = useTranslation();
  const location = useLocation();
  // The count waits for start-up's idle time: a badge is no part of the first screen (issue 14's phone
  // budget: one request less before its largest paint).
  const open = useOpenFeedbackCount(useIdleStarted()).data ?? 0;
  const links = [
    { to: '/admin/scanner', label: t('common.nav.scanner'), icon: IconRadar },
    { to: '/admin/users', label: t('common.nav.users'), icon: IconUserCog },
    { to: '/admin/feedback', label: t('common.nav.feedbackInbox'), icon: IconMessageReport },
  ];
  return links.map(({ to, label, icon: Icon }) => (
    <NavLink
      key={to}
      component={RouterLink}
      to={to}
      label={label}
      leftSection={<Icon size={18} />}
      active={location.pathname.startsWith(to)}
      onClick={onFollow}
      rightSection={
        to === '/admin/feedback' && open > 0 ? (
          <Badge
            size="sm"
            circle={open < 10}
            color="orange"
            aria-label={t('common.nav.openFeedback', { count: open })}
            data-testid="open-feedback-badge"
          >
            {open}
          </Badge>
        ) : undefined
      }
    />
  ));
}
