import { useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '@/components/PageLoading';
import { AnnouncementBanner } from '@/features/announcements';
import { NotificationBell } from '@/features/notifications';
import { useFactorySwitchFromOtherTabs } from '@/lib/queries/switch-factory';
import { FactoryClock } from './FactoryClock';
import { FactorySwitcher } from './FactorySwitcher';
import { Header } from './Header';
import { LiveNotifications } from './LiveNotifications';
import { useMenuFocus } from './menu-focus';
import { Sidebar } from './Sidebar';
import './layout.css';

const SIDEBAR_ID = 'app-sidebar';

/** The signed-in frame: header, sidebar (off-canvas on phones) and the page. */
export function AppFrame() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A chosen link closes the phone menu.
  useEffect(() => setMenuOpen(false), [pathname]);

  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useMenuFocus(menuOpen, menuButton, sidebar, closeMenu);
  useFactorySwitchFromOtherTabs();

  return (
    <LiveNotifications>
      <div className="wb-frame">
        <a className="wb-skip-link" href="#main-content">
          {t('app.skipToContent')}
        </a>
        <Header
          clock={<FactoryClock />}
          factorySwitch={<FactorySwitcher />}
          bell={<NotificationBell />}
          banner={<AnnouncementBanner />}
          menu={{
            open: menuOpen,
            controls: SIDEBAR_ID,
            buttonRef: menuButton,
            onToggle: () => setMenuOpen((open) => !open),
          }}
        />
        <div className="wb-frame__body">
          <Sidebar id={SIDEBAR_ID} open={menuOpen} ref={sidebar} />
          {menuOpen && <div className="wb-frame__scrim" onClick={() => setMenuOpen(false)} />}
          <main id="main-content" className="wb-frame__main" tabIndex={-1}>
            {/* The lazy pages load during navigation: spinner and "Loading..." meanwhile. */}
            {navigation.state === 'loading' ? <PageLoading /> : <Outlet />}
          </main>
        </div>
      </div>
    </LiveNotifications>
  );
}
