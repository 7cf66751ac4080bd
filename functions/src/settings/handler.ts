/** Lambda entry of the `settings` area (the SystemAdmin's /SystemSettings tools). */
import { createAreaHandler } from '../http/area-handler';
import { settingsRoutes } from '../route-table/settings';
import { isSessionActive } from '../accounts/start';
import { searchAuditTrail } from './audit-search';
import { searchLogs } from './log-search';
import { getSystemStatus } from './system-status';
import {
  getMailTemplate,
  listMailTemplates,
  previewMailTemplate,
  restoreMailTemplateVersion,
  saveMailTemplate,
  testSendMailTemplate,
} from './mail-templates';

export const handler = createAreaHandler(
  settingsRoutes,
  {
    rest: {
      listMailTemplates,
      getMailTemplate,
      saveMailTemplate,
      previewMailTemplate,
      testSendMailTemplate,
      restoreMailTemplateVersion,
      searchAuditTrail,
      searchLogs,
      getSystemStatus,
    },
    webSocket: {},
  },
  isSessionActive,
);
