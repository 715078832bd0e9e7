import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { adminGatewayCreateRequest } from '@wattboard/contract';
import type { AdminGatewayCreateResponse } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { useCreateGateway } from '../api/gateway-create';
import { FormField } from '@/components/ui/FormField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';

const gatewayForm = adminGatewayCreateRequest.pick({ name: true });

interface CreateGatewayDialogProps {
  open: boolean;
  onClose: () => void;
  onCreated: (answer: AdminGatewayCreateResponse) => void;
}

/** Names a new gateway; its key comes back once. */
export function CreateGatewayDialog({ open, onClose, onCreated }: CreateGatewayDialogProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const create = useCreateGateway();
  const { register, handleSubmit, formState, reset, setError } = useForm<{ name: string }>({
    resolver: zodResolver(gatewayForm),
    defaultValues: { name: '' },
  });
  useEffect(() => {
    if (open) reset({ name: '' });
  }, [open, reset]);
  const onSubmit = handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: onCreated,
      onError: (error) => setError('root', { message: texts.error(error) }),
    }),
  );
  return (
    <Dialog
      open={open}
      title={t('admin.gateways.createTitle')}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField
          label={t('admin.gateways.columns.name')}
          message={texts.field(formState.errors.name?.message)}
          hint={t('admin.gateways.nameHint')}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="wb-input"
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('name')}
            />
          )}
        </FormField>
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={t('admin.gateways.create')}
          pending={create.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
