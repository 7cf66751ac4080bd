/**
 * `npm run lint` keeps areas and features apart (docs/decisions/0015-area-boundaries.md): ESLint refuses
 * an import of another area's or feature's file, and dependency-cruiser refuses deep imports and import
 * cycles between files or areas. Both run here on small fixtures with the repository's own configuration,
 * and an import through the other area's index.ts passes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

describe('ESLint import boundaries', () => {
  // Only the import rule runs, without type information: the fixtures are text, not files of a project.
  const eslint = new ESLint({
    cwd: REPO_ROOT,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
  });

  const refusals = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, filePath) });
    return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
  };

  it("refuses an area's import of another area's file, and passes its index.ts and the shared layers", async () => {
    const file = 'functions/src/payments/boundary-fixture.ts';
    expect(await refusals(file, "import { getBooking } from '../bookings/bookings-repo';\n")).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*only through its index\.ts/),
    ]);
    expect(await refusals(file, "import type { Booking } from '../bookings/bookings-repo';\n")).toHaveLength(
      1,
    );
    expect(
      await refusals(
        file,
        [
          "import { getBooking } from '../bookings';",
          "import { logger } from '../platform/logger';",
          "import { queryAll } from '../platform/db/query';",
          "import { AppError } from '../http/errors';",
          "import { markPaid } from './fulfilment';",
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it("refuses an import of an area's handler.ts (the Lambda's composition root)", async () => {
    expect(
      await refusals('functions/src/bookings/boundary-fixture.ts', "import { handler } from './handler';\n"),
    ).toHaveLength(1);
  });

  it("refuses a feature's import of another feature's file, and passes its index", async () => {
    const file = 'web/src/features/patient/components/boundary-fixture.tsx';
    expect(
      await refusals(file, "import { BookingCard } from '../../bookings/components/booking-card';\n"),
    ).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*Another feature is imported only through its index/),
    ]);
    expect(
      await refusals(
        file,
        "import { BookingCard } from '../../bookings';\nimport { Page } from '../../../ui/page';\n",
      ),
    ).toEqual([]);
    // admin/content is the admin feature's own folder, not the content feature.
    expect(
      await refusals(
        'web/src/features/admin/pages/boundary-fixture.tsx',
        "import { AdminContentPage } from '../content/pages/admin-content-page';\n",
      ),
    ).toEqual([]);
  });

  it("refuses the app's import of a feature's file, and passes its index and pages.ts", async () => {
    const file = 'web/src/app/boundary-fixture.ts';
    expect(await refusals(file, "import { useAuth } from '../features/auth/auth-context';\n")).toHaveLength(
      1,
    );
    expect(
      await refusals(
        file,
        "import { useAuth } from '../features/auth';\nimport { LoginPage } from '../features/auth/pages';\n",
      ),
    ).toEqual([]);
  });
});

describe('dependency-cruiser', () => {
  const require = createRequire(import.meta.url);
  const config = require(join(REPO_ROOT, '.dependency-cruiser.cjs')) as IConfiguration;
  let fixture: string | undefined;

  afterEach(() => {
    if (fixture) rmSync(fixture, { recursive: true, force: true });
    fixture = undefined;
  });

  /** Writes the files into a fresh folder laid out like the repository and cruises it with our rules. */
  const violations = async (files: Record<string, string>) => {
    fixture = mkdtempSync(join(tmpdir(), 'nutri-depcruise-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(fixture, path)), { recursive: true });
      writeFileSync(join(fixture, path), text);
    }
    const { tsConfig: _tsConfig, ...options } = config.options ?? {};
    const { output } = await cruise(['functions/src'], {
      ...options,
      baseDir: fixture,
      ruleSet: { forbidden: config.forbidden ?? [] },
      validate: true,
    });
    return (output as ICruiseResult).summary.violations.map(
      (violation) => `${violation.rule.name}: ${violation.from} -> ${violation.to}`,
    );
  };

  const clean = {
    'functions/src/bookings/index.ts': "export { getBooking } from './bookings-repo';\n",
    'functions/src/bookings/bookings-repo.ts': 'export const getBooking = (id: number) => id;\n',
    'functions/src/payments/checkout.ts':
      "import { getBooking } from '../bookings';\nimport { logger } from '../platform/logger';\nexport const pay = (id: number) => logger(getBooking(id));\n",
    'functions/src/platform/logger.ts': 'export const logger = (value: unknown) => value;\n',
  };

  it('passes areas that use each other through index.ts in one direction', async () => {
    expect(await violations(clean)).toEqual([]);
  });

  it("refuses a deep import into another area's file", async () => {
    expect(
      await violations({
        ...clean,
        'functions/src/payments/checkout.ts':
          "import { getBooking } from '../bookings/bookings-repo';\nexport const pay = (id: number) => getBooking(id);\n",
      }),
    ).toEqual([
      'no-deep-area-import: functions/src/payments/checkout.ts -> functions/src/bookings/bookings-repo.ts',
    ]);
  });

  it('refuses a cycle between areas, even through index.ts files', async () => {
    const found = await violations({
      ...clean,
      'functions/src/payments/index.ts': "export { pay } from './checkout';\n",
      'functions/src/bookings/bookings-repo.ts':
        "import { pay } from '../payments';\nexport const getBooking = (id: number) => id;\nexport const later = () => pay;\n",
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-area-cycle: functions\/src\/(bookings|payments) -> /),
        expect.stringMatching(/^no-file-cycle: /),
      ]),
    );
  });

  it('refuses a cycle between two files of one area', async () => {
    const found = await violations({
      ...clean,
      'functions/src/payments/checkout.ts': "import { fee } from './fees';\nexport const pay = () => fee;\n",
      'functions/src/payments/fees.ts': "import { pay } from './checkout';\nexport const fee = () => pay;\n",
    });
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-file-cycle: functions\/src\/payments\/(checkout|fees)\.ts/),
      ]),
    );
    expect(found.every((violation) => violation.startsWith('no-file-cycle'))).toBe(true);
  });

  it('ignores an area handler.ts that wires other areas in (the composition root)', async () => {
    expect(
      await violations({
        ...clean,
        'functions/src/payments/index.ts': "export { pay } from './checkout';\n",
        'functions/src/bookings/handler.ts':
          "import { pay } from '../payments';\nexport const handler = pay;\n",
      }),
    ).toEqual([]);
  });
});
