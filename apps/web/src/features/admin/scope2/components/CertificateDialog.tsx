import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Scope2Response } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { FormField } from '@/components/ui/FormField';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { useSaveRenewableCertificates } from '../api/renewable-certificate-save';
import {
  certificateFieldRefusal,
  certificateFormSchema,
  certificatesToForm,
  toCertificateSave,
  type CertificateFormValues,
} from '../model/certificate-form';

interface CertificateDialogProps {
  open: boolean;
  year: number;
  certificates: Scope2Response['certificates'];
  onClose: () => void;
}

/** The T-REC certificates retired for the report's year: kWh (0 removes) and a note. */
export function CertificateDialog({ open, year, certificates, onClose }: CertificateDialogProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const save = useSaveRenewableCertificates();
  const { register, handleSubmit, formState, reset, setError } = useForm<CertificateFormValues>({
    resolver: zodResolver(certificateFormSchema),
    defaultValues: certificatesToForm(certificates),
  });
  useEffect(() => {
    if (open) reset(certificatesToForm(certificates));
  }, [open, certificates, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(toCertificateSave(year, values), {
      onSuccess: () => {
        toast.success(t('admin.scope2.certificates.saved', { year }));
        onClose();
      },
      onError: (error) => {
        // A refusal naming a field shows on it, in the page's language.
        const refused = certificateFieldRefusal(error);
        if (refused) setError(refused.field, { message: refused.message });
        else setError('root', { message: texts.error(error) });
      },
    }),
  );
  const errors = formState.errors;
  const input = (name: keyof CertificateFormValues, label: string, hint: string) => (
    <FormField label={label} message={texts.field(errors[name]?.message)} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          inputMode={name === 'kwh' ? 'decimal' : undefined}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(name)}
        />
      )}
    </FormField>
  );

  return (
    <Dialog
      open={open}
      title={t('admin.scope2.certificates.title', { year })}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {input(
          'kwh',
          t('admin.scope2.certificates.kwh'),
          t('admin.scope2.certificates.kwhHint', { year }),
        )}
        {input(
          'note',
          t('admin.scope2.certificates.note'),
          t('admin.scope2.certificates.noteHint'),
        )}
        <FormFooter
          error={errors.root?.message}
          submitLabel={save.isPending ? t('admin.common.saving') : t('admin.common.save')}
          pending={save.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
