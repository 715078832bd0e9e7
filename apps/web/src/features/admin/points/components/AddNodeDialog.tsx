import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import type { AdminNode, NodeType } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { ApiError } from '@/lib/api-errors';
import { useAddNode } from '../api/node-add';
import { emptyNodeForm, nodeFormSchema, toNewNode } from '../model/node-form';
import type { NodeFormValues } from '../model/node-form';
import { parentChoices } from '@/features/admin/shared/model/node-tree';
import { FormField } from '@/components/ui/FormField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { NodeFields } from './NodeFields';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';

const TYPES: NodeType[] = ['smartMeter', 'circuit', 'virtual'];

/** Adds a smart meter, a circuit (under a meter) or a virtual node (summing what is beneath it). */
export function AddNodeDialog({
  open,
  nodes,
  onClose,
}: {
  open: boolean;
  nodes: AdminNode[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const add = useAddNode();
  const { register, handleSubmit, formState, watch, reset, setValue, setError } =
    useForm<NodeFormValues>({
      resolver: zodResolver(nodeFormSchema),
      defaultValues: emptyNodeForm(),
    });
  useEffect(() => {
    if (open) reset(emptyNodeForm());
  }, [open, reset]);

  const type = watch('type');
  const parentId = watch('parentId');
  const choices = parentChoices(nodes, type);
  // A type change may leave the chosen parent unable to hold it: pick the first allowed one.
  useEffect(() => {
    const allowed = choices.map((c) => (c ? String(c.id) : ''));
    if (!allowed.includes(parentId)) setValue('parentId', allowed[0] ?? '');
  }, [choices, parentId, setValue]);
  const label = (node: AdminNode) => (i18n.language.startsWith('zh') ? node.chName : node.name);

  const onSubmit = handleSubmit((values) =>
    add.mutate(toNewNode(values), {
      onSuccess: (answer) => {
        toast.success(t('admin.points.added', { name: label(answer.node) }));
        onClose();
      },
      onError: (error) => {
        const message = error instanceof ApiError ? error.message : '';
        if (message === ADMIN_MESSAGES.serialTaken) setError('serial', { message });
        else setError('root', { message: texts.error(error) });
      },
    }),
  );

  return (
    <Dialog
      open={open}
      title={t('admin.points.addTitle')}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="wb-admin-form__row">
          <FormField label={t('admin.points.fields.type')} message={null}>
            {({ id }) => (
              <select id={id} className="wb-select" {...register('type')}>
                {TYPES.map((value) => (
                  <option key={value} value={value}>
                    {t(`channel.types.${value}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField
            label={t('admin.points.fields.parent')}
            message={choices.length === 0 ? t('admin.points.noParent') : null}
          >
            {({ id, describedBy }) => (
              <select
                id={id}
                className="wb-select"
                aria-describedby={describedBy}
                {...register('parentId')}
              >
                {choices.map((c) => (
                  <option key={c?.id ?? 'top'} value={c ? String(c.id) : ''}>
                    {c ? label(c) : t('admin.points.top')}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <NodeFields
          register={register}
          errors={formState.errors}
          withIdentity
          measured={type !== 'virtual'}
        />
        {type === 'virtual' && <p className="wb-admin__hint">{t('admin.points.virtualHint')}</p>}
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={t('admin.points.addSubmit')}
          pending={add.isPending}
          disabled={choices.length === 0}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
