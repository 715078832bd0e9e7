import type { AdminNode } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { MISSING } from '@/lib/format';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { virtualMembers } from '@/features/admin/shared/model/node-tree';
import type { TreeRow } from '@/features/admin/shared/model/node-tree';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

export type NodeAction = 'edit' | 'move' | 'recompute' | 'retire' | 'restore';

/** The tree as an indented table: names in both languages, type, serial, wiring, last reading. */
export function PointsTree({
  rows,
  nodes,
  onAction,
}: {
  rows: TreeRow[];
  /** The whole list, for what each virtual node sums. */
  nodes: AdminNode[];
  onAction: (node: AdminNode, action: NodeAction) => void;
}) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const button = (node: AdminNode, action: NodeAction, label: string) => (
    <button
      type="button"
      className="wb-button wb-button--secondary"
      onClick={() => onAction(node, action)}
    >
      {label}
    </button>
  );
  return (
    <ResponsiveTable label={t('admin.points.title')}>
      <table className="wb-table wb-admin-table">
        <caption className="wb-visually-hidden">{t('admin.points.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.points.columns.name')}</th>
            <th scope="col">{t('admin.points.columns.type')}</th>
            <th scope="col" className="wb-admin-table__wrap">
              {t('admin.points.columns.serial')}
            </th>
            <th scope="col" className="wb-admin-table__wrap">
              {t('admin.points.columns.lastReading')}
            </th>
            <th scope="col">{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ node, depth }) => {
            const retired = node.retiredAt !== null;
            return (
              <tr key={node.id} data-testid="admin-node-row">
                <th scope="row" style={{ paddingInlineStart: `${0.75 + depth * 1.25}rem` }}>
                  <span className="wb-admin-node__name">{node.name}</span>
                  <span className="wb-admin-node__zh" lang="zh-TW">
                    {node.chName}
                  </span>
                  {retired && (
                    <span className="wb-admin-status--revoked">
                      {' '}
                      {t('admin.points.retiredBadge')}
                    </span>
                  )}
                </th>
                <td>{t(`channel.types.${node.type}`)}</td>
                <td className="wb-admin-table__wrap">
                  {node.type === 'virtual'
                    ? t('admin.points.sums', { count: virtualMembers(nodes, node.id).length })
                    : node.serial}
                  {node.wiring && <span className="wb-admin__hint"> {node.wiring}</span>}
                </td>
                <td className="wb-admin-table__wrap">
                  {node.type === 'virtual'
                    ? MISSING
                    : (factoryDateTime(node.lastReadingAt, zone) ?? t('admin.points.noReading'))}
                </td>
                <td className="wb-admin-table__actions">
                  {retired ? (
                    button(node, 'restore', t('admin.points.restore'))
                  ) : (
                    <>
                      {button(node, 'edit', t('admin.points.edit'))}
                      {button(node, 'move', t('admin.points.move'))}
                      {button(node, 'recompute', t('admin.points.recompute'))}
                      {button(node, 'retire', t('admin.points.retire'))}
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
