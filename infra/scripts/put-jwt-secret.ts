/**
 * Sets (or rotates) the JWT signing keys after deploy: generates a fresh Ed25519 key set with the same
 * generateJwtKeys() the local runtime uses, writes it to a private temporary file, and either prints the
 * AWS CLI command that stores it or (with --apply) runs that command and deletes the file. The key is
 * never printed.
 *
 *   SECRET=$(aws cloudformation describe-stacks --stack-name NutriData \
 *     --query "Stacks[0].Outputs[?OutputKey=='JwtSecretArn'].OutputValue" --output text)
 *   npx tsx infra/scripts/put-jwt-secret.ts --secret-id "$SECRET" [--region eu-south-1] [--profile p] [--apply]
 *
 * Rotation takes effect at once: the API verifies with the one current key, so access tokens signed with
 * the old one are refused (clients refresh them) and links signed with it stop working.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateJwtKeys } from '@nutri/functions/platform/tokens';
import { DEFAULT_REGION } from '../lib/settings';

const { values } = parseArgs({
  options: {
    'secret-id': { type: 'string' },
    region: { type: 'string', default: process.env.AWS_REGION ?? DEFAULT_REGION },
    profile: { type: 'string' },
    apply: { type: 'boolean', default: false },
  },
});

const secretId = values['secret-id'];
if (!secretId) {
  console.error(
    'Usage: put-jwt-secret.ts --secret-id <JwtSecretArn output of the data stack> [--region r] [--profile p] [--apply]',
  );
  process.exit(2);
}

const keys = await generateJwtKeys();
const directory = mkdtempSync(path.join(tmpdir(), 'nutri-jwt-'));
const file = path.join(directory, 'jwt-keys.json');
writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });

const args = [
  'secretsmanager',
  'put-secret-value',
  '--secret-id',
  secretId,
  '--secret-string',
  `file://${file}`,
  '--region',
  values.region,
  ...(values.profile ? ['--profile', values.profile] : []),
];

if (!values.apply) {
  console.log(
    `New key set ${keys.kid} written to ${file} (readable by you only). Store it, then delete it:\n`,
  );
  console.log(`  aws ${args.join(' ')}`);
  console.log(`  rm -r ${directory}`);
  process.exit(0);
}

try {
  const result = spawnSync('aws', args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`aws exited with status ${String(result.status)}`);
  console.log(
    `Stored key set ${keys.kid} in ${secretId}. Lambdas pick it up within 5 minutes (secret cache).`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
