import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminNode } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { todayFor } from '@wattboard/zone-time';
import { Dialog } from '@/components/Dialog';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useRecomputeNode } from '../api/node-recompute';
import {
  defaultRecomputeRange,
  recomputeFormSchema,
  shownDay,
  toRecompute,
} from '../model/recompute-form';
import type { RecomputeFormValues } from '../model/recompute-form';
import { DateRangeFields } from '@/features/admin/shared/components/DateRangeFields';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';

/**
 * Rebuilds one point's 15-minute, hourly and daily figures from its stored
 * readings over factory-local days (issue #9), as a background job that the
 * section's JobProgress follows.
 */
export function RecomputeNodeDialog({
  node,
  onClose,
}: {
  node: AdminNode | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const recompute = useRecomputeNode();
  const timeBase = useFactoryTimeBase();
  const { register, handleSubmit, formState, reset, setError } = useForm<RecomputeFormValues>({
    resolver: zodResolver(recomputeFormSchema),
    defaultValues: { from: '', to: '' },
  });
  // Each opening starts from the last week on the factory's calendar (a day
  // string: it changes only when the factory's clock arrives or a day turns).
  const today = todayFor(timeBase, Date.now());
  useEffect(() => {
    if (node) reset(defaultRecomputeRange(today));
  }, [node, today, reset]);
  const name = node ? (i18n.language.startsWith('zh') ? node.chName : node.name) : '';

  const onSubmit = handleSubmit((values) => {
    if (!node) return;
    recompute.mutate(toRecompute(node.id, values), {
      onSuccess: () => {
        toast.success(
          t('admin.points.recomputeStarted', {
            name,
            from: shownDay(values.from),
            to: shownDay(values.to),
          }),
        );
        onClose();
      },
      onError: (error) => setError('root', { message: texts.error(error) }),
    });
  });

  return (
    <Dialog
      open={node !== null}
      title={t('admin.points.recomputeTitle', { name })}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <p className="wb-admin__hint">{t('admin.points.recomputeHint')}</p>
        <div className="wb-admin-form__row">
          <DateRangeFields
            from={register('from')}
            to={register('to')}
            fromMessage={texts.field(formState.errors.from?.message)}
            toMessage={texts.field(formState.errors.to?.message)}
          />
        </div>
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={t('admin.points.recompute')}
          pending={recompute.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
