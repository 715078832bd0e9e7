import { lazy, Suspense, useState } from 'react';
import { SessionWatch } from './SessionWatch';
import type { SettingsDialogProps } from './SettingsPanel';

const SettingsPanel = lazy(async () => ({
  default: (await import('./SettingsPanel')).SettingsPanel,
}));

/**
 * The settings dialog (SettingsPanel). Stays mounted for the whole
 * signed-in frame, so it also hosts the watch that signs a revoked session
 * out when the server closes its connection. The panel's code is fetched the
 * first time the dialog opens and kept mounted afterwards (its tabs' state,
 * the dialog's focus return), not with the page: its forms bring
 * react-hook-form and the contract's form rules, ~16 KB that the first screen
 * of every page would otherwise wait for on a phone (issue #14).
 */
export function SettingsDialog(props: SettingsDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  return (
    <>
      <SessionWatch />
      {wanted && (
        <Suspense fallback={null}>
          <SettingsPanel {...props} />
        </Suspense>
      )}
    </>
  );
}
