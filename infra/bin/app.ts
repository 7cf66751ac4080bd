/** Entry of the CDK CLI (cdk.json: `npx tsx infra/bin/app.ts`). */
import { createApp } from '../lib/app';

createApp().app.synth();
