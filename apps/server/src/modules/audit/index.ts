// What other modules may use of the audit module: lint forbids reaching past this file.
export { exportFileNameFor } from './audit-csv.ts';
export {
  type AuditActor,
  recordAudit,
  SCHEDULER_ACTOR,
  SYSTEM_ACTOR,
} from './repo/record-audit.ts';
