/**
 * The SystemAdmin's settings calls (settings area, SystemAdmin only): e-mail templates, audit search, the
 * system's state and the log search.
 */
import useSWR from 'swr';
import type {
  AuditSearchResponse,
  LogSearchResponse,
  MailTemplateDraft,
  MailTemplatePreview,
  MailTemplateSummary,
  MailTemplateView,
  SystemStatus,
} from '@nutri/shared';
import { api, apiPath, type Query } from '../../../api/client';

const templatePath = (key: string, ...rest: (string | number)[]) =>
  apiPath('SystemSettings', 'EmailTemplates', key, ...rest);

export const useMailTemplates = () =>
  useSWR<{ Data: MailTemplateSummary[] }>(apiPath('SystemSettings', 'EmailTemplates'), (path: string) =>
    api.get<{ Data: MailTemplateSummary[] }>(path),
  );

export const useMailTemplate = (key: string | null) =>
  useSWR<MailTemplateView>(key ? templatePath(key) : null, (path: string) => api.get<MailTemplateView>(path));

export const previewMailTemplate = (key: string, draft: MailTemplateDraft, signal?: AbortSignal) =>
  api.post<MailTemplatePreview>(templatePath(key, 'Preview'), draft, signal ? { signal } : {});

export const saveMailTemplate = (key: string, draft: MailTemplateDraft, baseVersion: number) =>
  api.put<MailTemplateView>(templatePath(key), { ...draft, BaseVersion: baseVersion });

export const testSendMailTemplate = (key: string, draft: MailTemplateDraft) =>
  api.post<{ To: string }>(templatePath(key, 'TestSend'), draft);

export const restoreMailTemplateVersion = (key: string, version: number, baseVersion: number) =>
  api.post<MailTemplateView>(templatePath(key, 'Versions', version, 'Restore'), { BaseVersion: baseVersion });

/** Audited data are not searched again in the background: one request per search or page. */
export const searchAudit = (query: Query) =>
  api.get<AuditSearchResponse>(apiPath('SystemSettings', 'Audit'), { query });

/** The /SystemSettings home's figures (docs/product.md#system-settings), refreshed each minute while shown. */
export const useSystemStatus = () =>
  useSWR<SystemStatus>(apiPath('SystemSettings', 'Status'), (path: string) => api.get<SystemStatus>(path), {
    refreshInterval: 60_000,
  });

/** A log search or its next page: one request each, on demand (docs/product.md#log-viewer). */
export const searchLogs = (query: Query) =>
  api.get<LogSearchResponse>(apiPath('SystemSettings', 'Logs'), { query });
