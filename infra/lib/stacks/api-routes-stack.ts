/**
 * One group of REST routes (infra/lib/api-route-groups.ts) as a nested stack of the api stack: the path
 * resources below /api/v2 and one method per route, added to the api stack's RestApi. Nested stacks keep
 * each template far below CloudFormation's 500-resource limit while the API stays one API with one stage.
 */
import { NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';
import type { Area, RestRoute } from '@nutri/functions/routes';
import { API_BASE_PATH } from '@nutri/shared';
import { acknowledge } from '../nag';

export interface ApiRoutesStackProps extends NestedStackProps {
  restApi: apigw.IRestApi;
  /** The /api/v2 resource, created in the api stack because every group hangs below it. */
  apiBase: apigw.IResource;
  routes: readonly RestRoute[];
  integrationFor(area: Area): apigw.Integration;
}

export class ApiRoutesStack extends NestedStack {
  constructor(scope: Construct, id: string, props: ApiRoutesStackProps) {
    super(scope, id, props);
    // Imported by id (a parameter of this stack), so that the resources and methods below are this stack's.
    // Its API is the shared RestApi itself rather than an import: the methods then count as the API's own,
    // which its synthesis check (an API needs methods) and its deployments' dependencies rely on.
    const apiBase = apigw.Resource.fromResourceAttributes(this, 'ApiBase', {
      resourceId: props.apiBase.resourceId,
      restApi: props.restApi,
      path: API_BASE_PATH,
    });

    acknowledge(
      apiBase,
      'APIG4',
      'Authorization is per route in the area Lambdas (routes.ts access rules, EdDSA bearer tokens) plus per object in the services; public routes (login, webhooks, health) are public by design, and webhooks authenticate by signature.',
    );
    acknowledge(
      apiBase,
      'COG4',
      'The product issues its own EdDSA access tokens (spec: Account/Login returns accessToken/refreshToken); there is no Cognito user pool to authorize against.',
    );

    for (const route of props.routes) {
      const resource = apiBase.resourceForPath(route.path.slice(API_BASE_PATH.length + 1));
      resource.addMethod(route.method, props.integrationFor(route.area), { operationName: route.operation });
    }
  }
}
