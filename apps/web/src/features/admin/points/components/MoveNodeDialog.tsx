import { useEffect, useState } from 'react';
import type { AdminNode } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { Spinner } from '@/components/Spinner';
import { useMoveNode } from '../api/node-move';
import { parentChoices } from '@/features/admin/shared/model/node-tree';
import { FormField } from '@/components/ui/FormField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';

interface MoveNodeDialogProps {
  node: AdminNode | null;
  nodes: AdminNode[];
  onClose: () => void;
}

/** Moves a node under another parent that may hold it (never under itself or its children). */
export function MoveNodeDialog({ node, nodes, onClose }: MoveNodeDialogProps) {
  const { t, i18n } = useTranslation();
  const texts = useAdminTexts();
  const move = useMoveNode();
  const [parent, setParent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setParent(!node || node.parentId === null ? '' : String(node.parentId));
    setProblem(null);
  }, [node]);
  const choices = node ? parentChoices(nodes, node.type, node.id) : [];
  const label = (n: AdminNode) => (i18n.language.startsWith('zh') ? n.chName : n.name);

  const submit = () => {
    if (!node) return;
    move.mutate(
      { nodeId: node.id, parentId: parent ? Number(parent) : null },
      {
        onSuccess: (answer) => {
          toast.success(t(answer.job ? 'admin.points.movedRecompute' : 'admin.points.moved'));
          onClose();
        },
        onError: (error) => setProblem(texts.error(error)),
      },
    );
  };

  return (
    <Dialog
      open={node !== null}
      title={t('admin.points.moveTitle', { name: node ? label(node) : '' })}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form
        className="wb-admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField
          label={t('admin.points.fields.parent')}
          message={problem}
          hint={t('admin.points.moveHint')}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              className="wb-select"
              aria-describedby={describedBy}
              value={parent}
              onChange={(e) => setParent(e.target.value)}
            >
              {choices.map((c) => (
                <option key={c?.id ?? 'top'} value={c ? String(c.id) : ''}>
                  {c ? label(c) : t('admin.points.top')}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div className="wb-admin__actions">
          <button type="button" className="wb-button wb-button--secondary" onClick={onClose}>
            {t('admin.common.cancel')}
          </button>
          <button type="submit" className="wb-button wb-button--primary" disabled={move.isPending}>
            {move.isPending && <Spinner size="sm" />}
            {t('admin.points.move')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
