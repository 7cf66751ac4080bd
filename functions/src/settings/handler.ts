/** Lambda entry of the `settings` area (the SystemAdmin's /SystemSettings tools). */
import { createAreaHandler } from '../http/area-handler';
import { settingsRoutes } from '../route-table/settings';
import { isSessionActive } from '../accounts/start';
import { searchAuditTrail } from './audit-search';
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
    },
    webSocket: {},
  },
  isSessionActive,
);
