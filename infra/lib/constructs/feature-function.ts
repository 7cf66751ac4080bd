/**
 * The team's Lambda: one per feature area (plus the jobs and outbox Lambdas), entry
 * functions/src/<feature>/handler.ts.
 * Defaults every function shares: Node.js 22 on arm64, the bundle lambda-bundle.ts builds (ESM, minified,
 * tree-shaken, split so heavy libraries load on first use, the AWS SDK v3 inside), source maps on, JSON logs
 * in a log group with retention, X-Ray tracing, and a role that starts empty: permissions come only from the
 * typed binders in bindings.ts.
 */
import path from 'node:path';
import { AssetHashType, DockerImage, Duration } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { Area } from '@nutri/functions/routes';
import { bundleLambda, bundlePrerenderer, LAMBDA_ENTRY_FILE } from '../lambda-bundle';
import { acknowledge } from '../nag';
import { REPO_ROOT } from '../settings';

export type FeatureName = Area | 'jobs' | 'outbox' | 'aggregates';

export interface FeatureFunctionProps {
  feature: FeatureName;
  /** Configuration read by functions/src/platform/config.ts (see feature-wiring.ts). */
  environment: Record<string, string>;
  /** @default 10 seconds: API Gateway gives up at 29 s anyway, and a slow handler should fail fast. */
  timeout?: Duration;
  /** @default 1024 MB: on Lambda, memory buys CPU, which is what cold starts and JSON work need. */
  memorySize?: number;
  /** @default three months */
  logRetention?: logs.RetentionDays;
  /** The log group's name (the log viewer searches the groups by name: feature-wiring.ts). */
  logGroupName?: string;
  /** Where failed asynchronous invocations go after Lambda's retries (scheduled jobs). */
  deadLetterQueue?: sqs.IQueue;
  /**
   * Packages with native binaries (sharp) that esbuild cannot inline: installed next to the bundle at
   * bundling time for linux/arm64, at the version package-lock.json pins.
   */
  nativeModules?: readonly string[];
  /** Ship the web build's prerenderer beside the bundle (the Lambdas that write the public pages). */
  prerenderer?: boolean;
}

/** The runtime the bundles target (lambda-bundle.ts builds for node22). */
export const FEATURE_RUNTIME = lambda.Runtime.NODEJS_22_X;

export const featureEntry = (feature: FeatureName) =>
  path.join(REPO_ROOT, 'functions', 'src', feature, 'handler.ts');

export class FeatureFunction extends Construct implements iam.IGrantable {
  readonly feature: FeatureName;
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: FeatureFunctionProps) {
    super(scope, id);
    this.feature = props.feature;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.THREE_MONTHS,
      ...(props.logGroupName ? { logGroupName: props.logGroupName } : {}),
    });

    // An explicit role instead of the default one, which carries the broad AWSLambdaBasicExecutionRole.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Nutri ${props.feature} Lambda`,
    });
    this.logGroup.grantWrite(this.role);

    const entry = featureEntry(props.feature);
    const nativeModules = props.nativeModules ?? [];
    this.function = new lambda.Function(this, 'Function', {
      description: `Nutri ${props.feature}`,
      // Built here, on the machine running the CDK, by the same esbuild configuration the bench measures;
      // the asset's hash is the bundle's, so a change anywhere (shared code, a dependency) deploys.
      code: lambda.Code.fromAsset(path.dirname(entry), {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never pulled: local bundling always succeeds or throws (Docker would only hide a build error).
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
          local: {
            tryBundle: (outputDir) => {
              bundleLambda({ entry, outdir: outputDir, nativeModules });
              if (props.prerenderer) bundlePrerenderer(outputDir);
              return true;
            },
          },
        },
      }),
      handler: `${path.parse(LAMBDA_ENTRY_FILE).name}.handler`,
      runtime: FEATURE_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      ...(props.deadLetterQueue ? { deadLetterQueue: props.deadLetterQueue } : {}),
      environment: {
        ...props.environment,
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: `nutri-${props.feature}`,
      },
    });

    // Tracing is switched on through the L1 so its statement lands in a policy of its own: X-Ray accepts
    // no resource-level permissions, and the wildcard should not share a document with the data grants.
    (this.function.node.defaultChild as lambda.CfnFunction).tracingConfig = { mode: lambda.Tracing.ACTIVE };
    const tracing = new iam.Policy(this, 'TracingPolicy', {
      statements: [
        new iam.PolicyStatement({
          actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'],
          resources: ['*'],
        }),
      ],
    });
    this.role.attachInlinePolicy(tracing);
    this.function.node.addDependency(tracing);
    acknowledge(
      tracing,
      'IAM5[Resource::*]',
      'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions; this policy holds nothing else.',
    );
    acknowledge(
      this.function,
      'L1',
      'Node.js 22 (LTS, supported on Lambda into 2027) is the runtime the bundles target and the repository tests on; moving to 24 is a deliberate upgrade of engines, esbuild target and CI together.',
    );
  }

  get grantPrincipal(): iam.IPrincipal {
    return this.role;
  }

  get functionArn(): string {
    return this.function.functionArn;
  }

  addToRolePolicy(statement: iam.PolicyStatement) {
    this.role.addToPrincipalPolicy(statement);
  }
}
