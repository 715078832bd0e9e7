import { useTranslation } from 'react-i18next';
import './connection-status.css';

export type ConnectionState = 'connected' | 'connecting' | 'disconnected';

/** Live-connection indicator: green connected, yellow connecting, red otherwise. */
export function ConnectionStatus({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  return (
    <span className={`wb-connection wb-connection--${state}`} title={t('connection.label')}>
      <span className="wb-connection__dot" aria-hidden="true" />
      <span data-testid="connection-status">{t(`connection.${state}`)}</span>
    </span>
  );
}
