import { Menu, X } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/Logo';
import { useInAppHref } from '@/lib/in-app-link';
import type { ReactNode, RefObject } from 'react';

interface HeaderProps {
  /** The factory clock, shown only when signed in. */
  clock?: ReactNode;
  /** The notification bell, shown only when signed in. */
  bell?: ReactNode;
  /** The factory switcher (decision 0089); renders nothing for a person in one factory. */
  factorySwitch?: ReactNode;
  /** The dismissible announcement banner. */
  banner?: ReactNode;
  /** The off-canvas menu on phones; absent on the login screen, which has no sidebar. */
  menu?: {
    open: boolean;
    controls: string;
    onToggle: () => void;
    buttonRef?: RefObject<HTMLButtonElement | null>;
  };
}

export function Header({ clock, bell, banner, menu, factorySwitch }: HeaderProps) {
  const { t } = useTranslation();
  const href = useInAppHref();
  return (
    <header className="wb-header">
      {menu && (
        <button
          ref={menu.buttonRef}
          type="button"
          className="wb-icon-button wb-header__menu"
          aria-label={menu.open ? t('app.closeMenu') : t('app.openMenu')}
          aria-expanded={menu.open}
          aria-controls={menu.controls}
          onClick={menu.onToggle}
        >
          {menu.open ? <X size={20} aria-hidden="true" /> : <Menu size={20} aria-hidden="true" />}
        </button>
      )}
      <Link to={href('/dashboard')} className="wb-header__home" aria-label={t('app.homeLink')}>
        <Logo />
      </Link>
      {import.meta.env.DEV && <span className="wb-badge wb-header__dev">{t('app.devMode')}</span>}
      {/* The banner takes the free middle of the header and truncates on phones. */}
      <div className="wb-header__middle">{banner}</div>
      {factorySwitch}
      {bell}
      {clock}
    </header>
  );
}
