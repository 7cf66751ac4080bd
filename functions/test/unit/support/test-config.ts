/**
 * The configuration unit tests run with: the variables config.ts requires, plus the test's own, read
 * afresh (the config module caches what it parsed).
 */
import { resetConfigCache } from '../../../src/platform/config';

export const useTestConfig = (extra: Record<string, string> = {}) => {
  Object.assign(process.env, {
    TABLE_NAME: 'nutri-test',
    FILES_BUCKET: 'files-test',
    ASSETS_BUCKET: 'assets-test',
    ASSETS_BASE_URL: 'http://127.0.0.1/media',
    PUBLIC_BASE_URL: 'http://127.0.0.1',
    ...extra,
  });
  resetConfigCache();
};
