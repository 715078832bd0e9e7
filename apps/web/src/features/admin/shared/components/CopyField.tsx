import { useRef, useState } from 'react';
import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';

interface CopyFieldProps {
  label: string;
  value: string;
  /** Long text (a command) wraps in a block; short text (a password, a key) stays on one line. */
  multiline?: boolean;
}

/**
 * Copies through the selection: the Clipboard API exists only in a secure
 * context, and a factory's server is often reached over plain http on its LAN
 * address. The text stays selected, so when this fails too, Ctrl+C copies it.
 */
function copyBySelection(element: HTMLElement | null): boolean {
  const selection = window.getSelection();
  if (!element || !selection) return false;
  selection.selectAllChildren(element);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** A value shown to be copied: selectable text plus a Copy button that says when it worked. */
export function CopyField({ label, value, multiline = false }: CopyFieldProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const valueRef = useRef<HTMLElement | null>(null);
  const holdValue = (element: HTMLElement | null) => {
    valueRef.current = element;
  };
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no Clipboard API outside a secure context');
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied(copyBySelection(valueRef.current) ? 'yes' : 'no');
    }
  };
  return (
    <div className="wb-admin-copy">
      <span className="wb-field__label">{label}</span>
      <div className="wb-admin-copy__row">
        {multiline ? (
          <pre ref={holdValue} className="wb-admin-copy__value" aria-label={label} tabIndex={0}>
            {value}
          </pre>
        ) : (
          <code ref={holdValue} className="wb-admin-copy__value" aria-label={label}>
            {value}
          </code>
        )}
        <button
          type="button"
          className="wb-button wb-button--secondary"
          onClick={() => void copy()}
          aria-label={t('admin.common.copyNamed', { name: label })}
        >
          <Copy size={16} aria-hidden="true" />
          {t('admin.common.copy')}
        </button>
      </div>
      <p className="wb-admin__hint" role="status">
        {copied === 'yes'
          ? t('admin.common.copied')
          : copied === 'no'
            ? t('admin.common.copyFailed')
            : ''}
      </p>
    </div>
  );
}
