import { useTranslation } from 'react-i18next';
import { languages, normalizeLanguage } from '@/lib/i18n';
import './language-switch.css';

/** Two buttons, English and 中文; the active one is pressed. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = normalizeLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className={`wb-lang ${className}`} role="group" aria-label={t('language.label')}>
      {languages.map((lng) => (
        <button
          key={lng}
          type="button"
          className="wb-lang__button"
          aria-pressed={current === lng}
          lang={lng === 'zh' ? 'zh-Hant-TW' : 'en'}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}
