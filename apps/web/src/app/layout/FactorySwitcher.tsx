import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MyFactory } from '@wattboard/contract';
import { normalizeLanguage } from '@/lib/i18n';
import { useInAppHref } from '@/lib/in-app-link';
import { useSwitchFactory } from '@/lib/queries/switch-factory';
import { useUserFactories } from '@/lib/queries/user-factories';

/** A factory's name in the page's language. */
export function factoryLabel(factory: Pick<MyFactory, 'name' | 'nameZh'>, language: string) {
  return normalizeLanguage(language) === 'zh' && factory.nameZh ? factory.nameZh : factory.name;
}

/**
 * The header's factory switcher (decision 0089): shown only to a person in
 * more than one factory. Choosing one moves this session there, resets every
 * answer on screen and opens the Overview of the new factory.
 */
export function FactorySwitcher() {
  const { t, i18n } = useTranslation();
  const href = useInAppHref();
  const navigate = useNavigate();
  const { data } = useUserFactories();
  const switching = useSwitchFactory();
  const factories = data?.factories ?? [];
  if (factories.length < 2) return null;
  const current = factories.find((factory) => factory.current);
  const language = i18n.resolvedLanguage ?? i18n.language;

  const choose = async (value: string) => {
    const toFactoryId = Number(value);
    if (toFactoryId === current?.factoryId) return;
    // Awaited, not mutate's callbacks: the reset may unmount this header while the pages reload.
    try {
      const answer = await switching.mutateAsync(toFactoryId);
      void navigate(href('/dashboard'));
      // The toast library loads with the first toast, not with the frame (issue #14).
      const text = t('factorySwitch.switched', { name: factoryLabel(answer.factory, language) });
      void import('react-toastify').then(({ toast }) => toast.success(text));
    } catch {
      const text = t('factorySwitch.failed');
      void import('react-toastify').then(({ toast }) => toast.error(text));
    }
  };

  return (
    <label className="wb-factory-switch">
      <span className="wb-visually-hidden">{t('factorySwitch.label')}</span>
      <select
        className="wb-factory-switch__select"
        value={current?.factoryId ?? ''}
        disabled={switching.isPending}
        aria-busy={switching.isPending}
        title={current ? factoryLabel(current, language) : undefined}
        onChange={(event) => void choose(event.target.value)}
      >
        {factories.map((factory) => (
          <option key={factory.factoryId} value={factory.factoryId}>
            {factoryLabel(factory, language)}
          </option>
        ))}
      </select>
    </label>
  );
}
