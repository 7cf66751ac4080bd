/**
 * The settings area's routes (docs/product.md#system-settings: the SystemAdmin's /SystemSettings tools),
 * all its Lambda reads at start (the whole table: functions/src/routes.ts). SystemAdmin only.
 */
import { api, type RestRoute } from './types';

const SYSTEM_ADMIN = ['SystemAdmin'] as const;

export const settingsRestRoutes = [
  // The e-mail template editor (docs/product.md#e-mail-templates).
  {
    method: 'GET',
    path: api('SystemSettings/EmailTemplates'),
    area: 'settings',
    operation: 'listMailTemplates',
    access: SYSTEM_ADMIN,
  },
  {
    method: 'GET',
    path: api('SystemSettings/EmailTemplates/{key}'),
    area: 'settings',
    operation: 'getMailTemplate',
    access: SYSTEM_ADMIN,
  },
  {
    method: 'PUT',
    path: api('SystemSettings/EmailTemplates/{key}'),
    area: 'settings',
    operation: 'saveMailTemplate',
    access: SYSTEM_ADMIN,
  },
  {
    method: 'POST',
    path: api('SystemSettings/EmailTemplates/{key}/Preview'),
    area: 'settings',
    operation: 'previewMailTemplate',
    access: SYSTEM_ADMIN,
  },
  {
    method: 'POST',
    path: api('SystemSettings/EmailTemplates/{key}/TestSend'),
    area: 'settings',
    operation: 'testSendMailTemplate',
    access: SYSTEM_ADMIN,
  },
  {
    method: 'POST',
    path: api('SystemSettings/EmailTemplates/{key}/Versions/{version}/Restore'),
    area: 'settings',
    operation: 'restoreMailTemplateVersion',
    access: SYSTEM_ADMIN,
  },
  // The audit trail search (docs/product.md#audit-trail).
  {
    method: 'GET',
    path: api('SystemSettings/Audit'),
    area: 'settings',
    operation: 'searchAuditTrail',
    access: SYSTEM_ADMIN,
  },
  // The system's state at a glance and the log search (docs/product.md#system-settings, #log-viewer).
  {
    method: 'GET',
    path: api('SystemSettings/Status'),
    area: 'settings',
    operation: 'getSystemStatus',
    access: SYSTEM_ADMIN,
  },
  {
    method: 'GET',
    path: api('SystemSettings/Logs'),
    area: 'settings',
    operation: 'searchLogs',
    access: SYSTEM_ADMIN,
  },
] as const satisfies readonly RestRoute[];

export const settingsRoutes = { area: 'settings', rest: settingsRestRoutes, webSocket: [] } as const;
