import { useState } from 'react';
import type { Scope2Response } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { formatFixed, formatNumber } from '@/lib/format';
import { CertificateDialog } from './CertificateDialog';

/**
 * The year's totals by both methods: location-based (every grid kWh at the
 * year's factor) and market-based (the kWh the T-REC certificates cover count
 * as zero-emission), with the certificates and a button to enter them.
 */
export function Scope2Methods({ report }: { report: Scope2Response }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [open, setOpen] = useState(false);
  const { certificates, year } = report;
  const figures = (totals: { kwh: number; tco2e: number }) => (
    <>
      <span>{t('admin.scope2.methods.kwh', { kwh: formatNumber(totals.kwh, language) })}</span>
      <span>
        {t('admin.scope2.methods.tco2e', { tco2e: formatFixed(totals.tco2e, language, 3) })}
      </span>
    </>
  );
  const has = certificates.kwh > 0;
  const kwh = formatNumber(certificates.kwh, language);
  const note = certificates.note.trim();
  return (
    <>
      <h4 className="wb-scope2__minor">{t('admin.scope2.methods.title')}</h4>
      <dl className="wb-scope2__fees" data-testid="scope2-methods">
        <div className="wb-scope2__fee">
          <dt>{t('admin.scope2.methods.location')}</dt>
          <dd className="wb-scope2__method">{figures(report)}</dd>
        </div>
        <div className="wb-scope2__fee">
          <dt>{t('admin.scope2.methods.market')}</dt>
          <dd className="wb-scope2__method">{figures(report.marketBased)}</dd>
        </div>
      </dl>
      <div className="wb-scope2__certificates">
        <p data-testid="scope2-certificates">
          {has
            ? note
              ? t('admin.scope2.methods.certificatesNote', { year, kwh, note })
              : t('admin.scope2.methods.certificates', { year, kwh })
            : t('admin.scope2.methods.noCertificates', { year })}
        </p>
        <button
          type="button"
          className="wb-button wb-button--secondary"
          onClick={() => setOpen(true)}
        >
          {has ? t('admin.scope2.methods.change') : t('admin.scope2.methods.enter')}
        </button>
      </div>
      <p className="wb-admin__hint">{t('admin.scope2.methods.explain')}</p>
      <CertificateDialog
        open={open}
        year={year}
        certificates={certificates}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
