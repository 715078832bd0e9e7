import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminNode } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { useUpdateNode } from '../api/node-update';
import { emptyNodeForm, nodeFormSchema, nodeToForm, toNodeChange } from '../model/node-form';
import type { NodeFormValues } from '../model/node-form';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { NodeFields } from './NodeFields';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';

/** Rename (English and 中文) and the details of a node; serial, wiring and place stay. */
export function EditNodeDialog({ node, onClose }: { node: AdminNode | null; onClose: () => void }) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const update = useUpdateNode();
  const { register, handleSubmit, formState, reset, setError } = useForm<NodeFormValues>({
    resolver: zodResolver(nodeFormSchema),
    defaultValues: emptyNodeForm(),
  });
  useEffect(() => {
    if (node) reset(nodeToForm(node));
  }, [node, reset]);

  const onSubmit = handleSubmit((values) => {
    if (!node) return;
    update.mutate(toNodeChange(node.id, values), {
      onSuccess: () => {
        toast.success(t('admin.points.saved'));
        onClose();
      },
      onError: (error) => setError('root', { message: texts.error(error) }),
    });
  });

  return (
    <Dialog
      open={node !== null}
      title={t('admin.points.editTitle', { name: node?.name ?? '' })}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {node?.serial && (
          <p className="wb-admin__hint">
            {t('admin.points.fixedIdentity', { serial: node.serial, wiring: node.wiring ?? '' })}
          </p>
        )}
        <NodeFields
          register={register}
          errors={formState.errors}
          withIdentity={false}
          measured={node?.type !== 'virtual'}
          withCapacity
        />
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={t('admin.common.save')}
          pending={update.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
