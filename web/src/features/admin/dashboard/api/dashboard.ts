/**
 * The business dashboards' reads (BusinessAdmin, docs/product.md#business-dashboards): one GET per view
 * under Admin/Dashboard, cached by SWR per query.
 */
import useSWR from 'swr';
import { api } from '../../../../api/client';

export type DashboardQuery = Record<string, string | undefined>;

export const useDashboardView = <T>(view: string, query: DashboardQuery | null) =>
  useSWR(query ? [`/Admin/Dashboard/${view}`, JSON.stringify(query)] : null, ([path]: [string, string]) =>
    api.get<T>(path, { query: query ?? {} }),
  );
