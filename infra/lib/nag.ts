/**
 * cdk-nag 3 acknowledgements. Each one names a single rule (or a single finding of a rule) on a single
 * construct and says why; nothing is acknowledged stack-wide.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

export const acknowledge = (scope: IConstruct, id: string, reason: string) => {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-${id}`, reason });
};

/**
 * The finding id cdk-nag gives a wildcard resource: its rendering of the resolved ARN. Only valid for
 * ARNs built from resources of the same stack (cross-stack references render differently after synth),
 * which is why the policies that need a wildcard are created next to the resource they grant.
 */
export const wildcardResourceFinding = (scope: IConstruct, arn: string) =>
  `IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(arn))}]`;

/** Every acknowledgement recorded under `scope`, for the tests' audit listing. */
export const listAcknowledgements = (scope: IConstruct) =>
  scope.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
