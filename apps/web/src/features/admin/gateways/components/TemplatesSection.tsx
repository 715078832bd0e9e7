import { useState } from 'react';
import type { AdminUserTemplate } from '@wattboard/contract';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';
import { useRemoveTemplate } from '../api/template-remove';
import { useTemplates } from '../api/template-list';
import { TemplateEditor } from './TemplateEditor';
import { useTemplateMessage } from './use-template-message';

/**
 * Admin › Gateways › Templates (decision 0088): the factory's own meter templates, an editor with
 * "read now", delete. Loaded on its own (React.lazy in GatewaysSection) to keep the Admin chunk small.
 */
export function TemplatesSection() {
  const { t } = useTranslation();
  const message = useTemplateMessage();
  const templates = useTemplates();
  const remove = useRemoveTemplate();
  const [editing, setEditing] = useState<AdminUserTemplate | 'new' | null>(null);

  return (
    <div className="wb-admin-panel" data-testid="admin-templates">
      <div className="wb-admin-panel__bar">
        <h3 className="wb-admin-panel__title">{t('admin.gatewayTemplates.title')}</h3>
        {editing === null && (
          <button
            type="button"
            className="wb-button wb-button--primary"
            onClick={() => setEditing('new')}
          >
            <Plus size={16} aria-hidden="true" />
            {t('admin.gatewayTemplates.create')}
          </button>
        )}
      </div>
      <p className="wb-admin__hint">{t('admin.gatewayTemplates.hint')}</p>
      {editing !== null && (
        <TemplateEditor
          template={editing === 'new' ? null : editing}
          onDone={(saved) => {
            if (saved) toast.success(t('admin.gatewayTemplates.saved', { id: saved.id }));
            setEditing(null);
          }}
        />
      )}
      {templates.isPending ? (
        <LoadingState />
      ) : templates.isError ? (
        <ErrorState onRetry={() => void templates.refetch()} />
      ) : templates.data.templates.length === 0 ? (
        <EmptyState text={t('admin.gatewayTemplates.empty')} />
      ) : (
        <ResponsiveTable label={t('admin.gatewayTemplates.title')}>
          <table className="wb-table wb-admin-table">
            <caption className="wb-visually-hidden">{t('admin.gatewayTemplates.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.gatewayTemplates.columns.id')}</th>
                <th scope="col">{t('admin.gatewayTemplates.columns.model')}</th>
                <th scope="col">{t('admin.gatewayTemplates.columns.registers')}</th>
                <th scope="col">{t('admin.gatewayTemplates.columns.meters')}</th>
                <th scope="col">{t('admin.common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {templates.data.templates.map((tpl) => (
                <tr key={tpl.id} data-testid="admin-template-row">
                  <th scope="row">{tpl.id}</th>
                  <td>{`${tpl.definition.manufacturer} ${tpl.definition.model}`}</td>
                  <td>{tpl.definition.registers.length}</td>
                  <td>{tpl.meters}</td>
                  <td className="wb-admin-table__actions">
                    <button
                      type="button"
                      className="wb-button wb-button--secondary"
                      onClick={() => setEditing(tpl)}
                    >
                      {t('admin.gatewayTemplates.edit')}
                    </button>
                    <button
                      type="button"
                      className="wb-button wb-button--secondary"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(tpl.id, {
                          onSuccess: () =>
                            toast.success(t('admin.gatewayTemplates.removed', { id: tpl.id })),
                          onError: (error) => toast.error(message(error)),
                        })
                      }
                    >
                      {t('admin.gatewayTemplates.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ResponsiveTable>
      )}
    </div>
  );
}
