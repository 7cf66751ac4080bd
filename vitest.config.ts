/**
 * Two test projects. `unit` needs nothing running (pure rules, CDK assertions, cdk-nag, pure helpers of
 * the scripts).
 * `integration` runs against the local stack that scripts/test.mjs starts once per run and describes in
 * the NUTRI_STACK environment variable (see infra/local/stack.ts: LocalStackInfo).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Node 20 runs tooling and tests by design (the Lambdas run Node 22): the AWS SDK's notice is noise.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/test/**/*.test.ts',
            'functions/test/unit/**/*.test.ts',
            'infra/test/**/*.test.ts',
            'web/test/**/*.test.{ts,tsx}',
            'scripts/test/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One local stack is shared: keep files sequential so fault tests cannot disturb others.
          fileParallelism: false,
        },
      },
    ],
  },
});
