import { useState } from 'react';
import type { AdminNode } from '@wattboard/contract';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { useAdminNodes } from '@/features/admin/shared/api/node-list';
import { useRetireNode } from '../api/node-retire';
import { treeRows } from '@/features/admin/shared/model/node-tree';
import { ConfirmDialog } from '@/features/admin/shared/components/ConfirmDialog';
import { JobProgress } from '@/features/admin/shared/components/JobProgress';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { AddNodeDialog } from './AddNodeDialog';
import { EditNodeDialog } from './EditNodeDialog';
import { MoveNodeDialog } from './MoveNodeDialog';
import { PointsTree } from './PointsTree';
import { RecomputeNodeDialog } from './RecomputeNodeDialog';
import type { NodeAction } from './PointsTree';

/** The recomputations this section starts: virtual sums after a move, a point's recompute. */
const POINT_JOBS = ['virtual-members', 'recompute'] as const;

/**
 * Monitoring points: the tree; add meter / circuit / virtual; rename; move;
 * recompute a point's figures over days; retire and restore.
 */
export function PointsSection() {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const nodes = useAdminNodes();
  const retire = useRetireNode();
  const [withRetired, setWithRetired] = useState(false);
  const [adding, setAdding] = useState(false);
  const [action, setAction] = useState<{ node: AdminNode; action: NodeAction } | null>(null);
  const close = () => setAction(null);
  const name = (node: AdminNode) => (i18n.language.startsWith('zh') ? node.chName : node.name);

  const setRetired = (node: AdminNode, retired: boolean) =>
    retire.mutate(
      { nodeId: node.id, retired },
      {
        onSuccess: () => {
          toast.success(
            t(retired ? 'admin.points.retiredDone' : 'admin.points.restoredDone', {
              name: name(node),
            }),
          );
          close();
        },
        onError: (error) => toast.error(texts.error(error)),
      },
    );
  const onAction = (node: AdminNode, next: NodeAction) =>
    next === 'restore' ? setRetired(node, false) : setAction({ node, action: next });

  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.points.title')}</h2>
        <label className="wb-admin-check">
          <input
            type="checkbox"
            checked={withRetired}
            onChange={(e) => setWithRetired(e.target.checked)}
          />
          {t('admin.points.showRetired')}
        </label>
        <button
          type="button"
          className="wb-button wb-button--primary"
          onClick={() => setAdding(true)}
        >
          <Plus size={16} aria-hidden="true" />
          {t('admin.points.add')}
        </button>
      </div>
      <p className="wb-admin__hint">{t('admin.points.rules')}</p>
      <JobProgress kinds={POINT_JOBS} />
      {nodes.isPending ? (
        <LoadingState />
      ) : nodes.isError ? (
        <ErrorState onRetry={() => void nodes.refetch()} />
      ) : treeRows(nodes.data, { withRetired }).length === 0 ? (
        <EmptyState text={t('admin.points.empty')} />
      ) : (
        <PointsTree
          rows={treeRows(nodes.data, { withRetired })}
          nodes={nodes.data}
          onAction={onAction}
        />
      )}
      <AddNodeDialog open={adding} nodes={nodes.data ?? []} onClose={() => setAdding(false)} />
      <EditNodeDialog node={action?.action === 'edit' ? action.node : null} onClose={close} />
      <MoveNodeDialog
        node={action?.action === 'move' ? action.node : null}
        nodes={nodes.data ?? []}
        onClose={close}
      />
      <RecomputeNodeDialog
        node={action?.action === 'recompute' ? action.node : null}
        onClose={close}
      />
      <ConfirmDialog
        open={action?.action === 'retire'}
        title={t('admin.points.retireTitle', { name: action ? name(action.node) : '' })}
        text={t('admin.points.retireText')}
        confirmLabel={t('admin.points.retire')}
        busy={retire.isPending}
        onConfirm={() => action && setRetired(action.node, true)}
        onClose={close}
      />
    </div>
  );
}
