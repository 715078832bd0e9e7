import {
  Activity,
  FileText,
  LayoutDashboard,
  Leaf,
  ShieldCheck,
  SlidersHorizontal,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { todayFor } from '@wattboard/zone-time';
import { Spinner } from '@/components/Spinner';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useSession } from '@/lib/hooks/use-session';
import { useDevMode } from '@/lib/in-app-link';
import { useChannelList } from '@/lib/queries/channel-list';
import { buildSidebarLinks } from './sidebar-links';
import type { SidebarLinkKey } from './sidebar-links';
import { UserPanel } from './UserPanel';

const icons: Record<SidebarLinkKey, LucideIcon> = {
  overview: LayoutDashboard,
  monitoringPoint: Activity,
  control: SlidersHorizontal,
  report: FileText,
  waste: Leaf,
  admin: ShieldCheck,
};

export function Sidebar({
  id,
  open,
  ref,
}: {
  id: string;
  open: boolean;
  ref?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const session = useSession();
  const channels = useChannelList();
  const timeBase = useFactoryTimeBase();
  const devMode = useDevMode();
  const links = buildSidebarLinks({
    today: todayFor(timeBase, Date.now()),
    firstChannelId: channels.data?.channelList[0]?.id,
    isDev: devMode,
    username: session?.username,
  });

  return (
    <aside ref={ref} id={id} className={`wb-sidebar${open ? ' wb-sidebar--open' : ''}`}>
      <nav className="wb-sidebar__nav" aria-label={t('nav.label')}>
        <ul>
          {links.map((link) => {
            const Icon = icons[link.key];
            return (
              <li key={link.key}>
                <NavLink to={link.to} className="wb-sidebar__link">
                  {({ isPending }) => (
                    <>
                      <Icon size={18} aria-hidden="true" />
                      <span className="wb-sidebar__label">{t(`nav.${link.key}`)}</span>
                      {isPending && (
                        <span className="wb-sidebar__pending" title={t('nav.pending')}>
                          <Spinner size="sm" />
                        </span>
                      )}
                    </>
                  )}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <UserPanel />
    </aside>
  );
}
