// What other modules may use of the factory module: lint forbids reaching past this file.
export type { TreeNode } from './node-tree.ts';
export { factoryRoot, flattenNodeTree } from './node-tree.ts';
export { findNode } from './repo/nodes.ts';
export { insertGateway } from './repo/provisioning.ts';

export {
  activeTreeNodes,
  factoryIdBySlugOrId,
  factoryIdByTopicName,
  factorySlug,
  treeNodesWithRetired,
} from './repo/factory-ids.ts';
export type { FactoryTreeNode } from './repo/factory-ids.ts';
