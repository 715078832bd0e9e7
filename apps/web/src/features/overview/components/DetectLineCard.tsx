import { useState } from 'react';
import type { DetectLineNode } from '@wattboard/contract';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDevMode } from '@/lib/in-app-link';
import { channelDisplayName, channelTypeKey } from '@/lib/channel-names';
import { countNodes, initiallyOpen, monitoringPointHref, nodeKey } from '../model/tree';
import { CardState, OverviewCard } from './OverviewCard';
import type { OverviewQuery } from './types';

interface BranchProps {
  nodes: readonly DetectLineNode[];
  path: readonly number[];
  open: ReadonlySet<string>;
  toggle: (key: string) => void;
  today: string;
}

function Branch({ nodes, path, open, toggle, today }: BranchProps) {
  const { t, i18n } = useTranslation();
  const devMode = useDevMode();
  return (
    <ul className="wb-ov-tree__list">
      {nodes.map((node, index) => {
        const here = [...path, index];
        const key = nodeKey(node, here);
        const name = channelDisplayName({ ...node, id: node.id ?? 0 }, i18n.language);
        const isOpen = open.has(key);
        const typeKey = channelTypeKey(node.type);
        return (
          <li key={key} className="wb-ov-tree__item">
            <div className="wb-ov-tree__row">
              {node.children.length > 0 ? (
                <button
                  type="button"
                  className="wb-icon-button wb-ov-tree__toggle"
                  aria-expanded={isOpen}
                  aria-label={t(
                    isOpen ? 'overview.detectLine.collapse' : 'overview.detectLine.expand',
                    { name },
                  )}
                  onClick={() => toggle(key)}
                >
                  {isOpen ? (
                    <ChevronDown size={16} aria-hidden="true" />
                  ) : (
                    <ChevronRight size={16} aria-hidden="true" />
                  )}
                </button>
              ) : (
                <span className="wb-ov-tree__spacer" />
              )}
              {node.id === undefined ? (
                <span>{name}</span>
              ) : (
                <Link
                  to={monitoringPointHref(node.id, today, devMode)}
                  data-testid="tree-node-link"
                >
                  {name}
                </Link>
              )}
              {typeKey && <span className="wb-ov-tree__type">{t(typeKey)}</span>}
            </div>
            {isOpen && (
              <Branch nodes={node.children} path={here} open={open} toggle={toggle} today={today} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The monitoring-point tree, expandable; every node opens its Monitoring Point page. */
export function DetectLineCard({ query, today }: { query: OverviewQuery; today: string }) {
  const { t } = useTranslation();
  const tree = query.data?.detectLine ?? [];
  // Opened once from the first answer; later refreshes keep what the person opened or closed.
  const [open, setOpen] = useState<Set<string> | null>(null);
  const current = open ?? initiallyOpen(tree);
  const toggle = (key: string) => {
    const next = new Set(current);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setOpen(next);
  };
  return (
    <OverviewCard
      title={t('overview.detectLine.title')}
      testId="overview-detect-line"
      height={216}
      phoneHeight={200}
      meta={query.data ? t('overview.detectLine.count', { count: countNodes(tree) }) : undefined}
    >
      <CardState query={query} empty={tree.length === 0} emptyText={t('overview.detectLine.empty')}>
        <nav className="wb-ov-tree" aria-label={t('overview.detectLine.title')}>
          <Branch nodes={tree} path={[]} open={current} toggle={toggle} today={today} />
        </nav>
      </CardState>
    </OverviewCard>
  );
}
