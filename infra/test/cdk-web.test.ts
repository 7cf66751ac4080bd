/** The web stack: CloudFront in front of the app bucket, the REST API and the assets bucket. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthesizeTestApp, TEST_SETTINGS, type TestApp } from '../lib/test-support';
import { PRERENDERED_FOLDER } from '@nutri/functions/site/public-pages';
import { KVS_MODULE_IMPORT, SITEMAP_API_PATH } from '../lib/stacks/web-stack';
import { ASSETS_PATH, HASHED_BUNDLE_DIR, locateWebBundle } from '../lib/web-bundle';

interface CfnResource {
  Type: string;
  Properties: Record<string, unknown>;
}

interface Behavior {
  PathPattern?: string;
  TargetOriginId: string;
  ViewerProtocolPolicy: string;
  CachePolicyId: string;
  OriginRequestPolicyId?: string;
  ResponseHeadersPolicyId: unknown;
  AllowedMethods?: string[];
  FunctionAssociations?: { EventType: string; FunctionARN: unknown }[];
}

interface DistributionConfig {
  Origins: {
    Id: string;
    DomainName: unknown;
    OriginAccessControlId?: unknown;
    OriginPath?: unknown;
    S3OriginConfig?: unknown;
  }[];
  DefaultCacheBehavior: Behavior;
  CacheBehaviors: Behavior[];
  CustomErrorResponses?: unknown;
  ViewerCertificate: Record<string, unknown>;
  Aliases?: string[];
  Logging?: Record<string, unknown>;
  DefaultRootObject: string;
}

// Managed policy ids, fixed by AWS.
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

const resourcesOfType = (template: Template, type: string) =>
  Object.entries(template.toJSON().Resources as Record<string, CfnResource>).filter(
    ([, resource]) => resource.Type === type,
  );

/** CloudFormation joins rendered with a placeholder for each reference, to read the final string. */
const render = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'Fn::Join' in value) {
    const [separator, parts] = value['Fn::Join'] as [string, unknown[]];
    return parts.map(render).join(separator);
  }
  return '<ref>';
};

const directivesOf = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [String(name), values]),
  );

describe('web stack', () => {
  let nutri: TestApp;
  let template: Template;
  let distribution: DistributionConfig;
  beforeAll(() => {
    nutri = synthesizeTestApp();
    template = nutri.templateOf(nutri.web);
    const [[, resource] = []] = resourcesOfType(template, 'AWS::CloudFront::Distribution');
    distribution = resource?.Properties.DistributionConfig as DistributionConfig;
  });
  afterAll(() => nutri.cleanUp());

  const originOf = (behavior: Behavior) =>
    distribution.Origins.find((origin) => origin.Id === behavior.TargetOriginId);
  const behaviorFor = (pattern: string) =>
    distribution.CacheBehaviors.find((behavior) => behavior.PathPattern === pattern);
  /** A CloudFront Function's handler, run as CloudFront would, found by its comment. */
  const cloudFrontFunction = (comment: string) => {
    const fn = resourcesOfType(template, 'AWS::CloudFront::Function').find(
      ([, resource]) => (resource.Properties.FunctionConfig as { Comment: string }).Comment === comment,
    )?.[1];
    const config = fn?.Properties.FunctionConfig as { Runtime: string };
    expect(config.Runtime).toBe('cloudfront-js-2.0');
    return vm.runInNewContext(`${String(fn?.Properties.FunctionCode)}; handler`) as (event: {
      request: { uri: string; querystring?: Record<string, unknown> };
    }) => { uri: string; querystring?: Record<string, unknown> };
  };

  it('reaches both buckets through Origin Access Control, never an OAI or a public bucket', () => {
    expect(resourcesOfType(template, 'AWS::CloudFront::CloudFrontOriginAccessIdentity')).toHaveLength(0);
    expect(resourcesOfType(template, 'AWS::CloudFront::OriginAccessControl')).toHaveLength(2);
    const s3Origins = distribution.Origins.filter((origin) => origin.S3OriginConfig !== undefined);
    expect(s3Origins).toHaveLength(2);
    for (const origin of s3Origins) {
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    }
  });

  it('serves the app by default with an SPA rewrite function, not custom error responses', () => {
    const behavior = distribution.DefaultCacheBehavior;
    expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(behavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: expect.anything() as unknown },
    ]);
    expect(distribution.CustomErrorResponses).toBeUndefined();
    expect(distribution.DefaultRootObject).toBe('index.html');
  });

  /**
   * The SPA rewrite run as CloudFront runs it, with the page list (the KeyValueStore) holding `listed`:
   * its `import cf from 'cloudfront'` is given the list instead.
   */
  const spaRewrite = (listed: readonly string[]) => {
    const fn = resourcesOfType(template, 'AWS::CloudFront::Function').find(([, resource]) =>
      String(resource.Properties.FunctionCode).startsWith(KVS_MODULE_IMPORT),
    )?.[1];
    expect((fn?.Properties.FunctionConfig as { Runtime: string }).Runtime).toBe('cloudfront-js-2.0');
    const code = String(fn?.Properties.FunctionCode).replace(KVS_MODULE_IMPORT, '');
    const pageList = new Set(listed);
    const cf = { kvs: () => ({ exists: (key: string) => Promise.resolve(pageList.has(key)) }) };
    const handler = vm.runInNewContext(`${code}; handler`, { cf }) as (event: {
      request: { uri: string };
    }) => Promise<{ uri: string }>;
    return async (uri: string) => (await handler({ request: { uri } })).uri;
  };

  it('associates the page list with the SPA rewrite', () => {
    const functions = resourcesOfType(template, 'AWS::CloudFront::Function').filter(([, resource]) =>
      String(resource.Properties.FunctionCode).startsWith(KVS_MODULE_IMPORT),
    );
    expect(functions).toHaveLength(1);
    const config = functions[0]?.[1].Properties.FunctionConfig as {
      KeyValueStoreAssociations?: { KeyValueStoreARN: unknown }[];
    };
    const [store] = resourcesOfType(template, 'AWS::CloudFront::KeyValueStore');
    expect(config.KeyValueStoreAssociations).toEqual([
      { KeyValueStoreARN: { 'Fn::GetAtt': [store?.[0], 'Arn'] } },
    ]);
  });

  it('rewrites client-side routes to /index.html and leaves files alone', async () => {
    const rewrite = spaRewrite([]);
    expect(await rewrite('/')).toBe('/index.html');
    expect(await rewrite('/Patients/Agenda/123')).toBe('/index.html');
    expect(await rewrite('/Nutritionists/dott.ssa-rossi')).toBe('/index.html');
    expect(await rewrite('/VerifyEmail/abc.def')).toBe('/index.html');
    expect(await rewrite('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(await rewrite('/favicon.svg')).toBe('/favicon.svg');
    expect(await rewrite('/runtime-config.json')).toBe('/runtime-config.json');
  });

  it('sends a listed public page to its prerendered copy, matched as the router matches it', async () => {
    const rewrite = spaRewrite([
      '/',
      '/FAQ',
      '/entra-nel-team',
      '/Nutritionists',
      '/Nutritionists/dott.ssa-rossi',
      '/Blog/perché-mangiare-bene',
    ]);
    expect(await rewrite('/')).toBe('/prerendered/index.html');
    expect(await rewrite('/FAQ')).toBe('/prerendered/FAQ.html');
    // Any case and a trailing slash, as the router accepts them; the copy is the one page.
    expect(await rewrite('/faq/')).toBe('/prerendered/FAQ.html');
    expect(await rewrite('/ENTRA-NEL-TEAM')).toBe('/prerendered/entra-nel-team.html');
    expect(await rewrite('/nutritionists')).toBe('/prerendered/Nutritionists.html');
    expect(await rewrite('/Nutritionists/dott.ssa-rossi')).toBe(
      '/prerendered/Nutritionists/dott.ssa-rossi.html',
    );
    expect(await rewrite('/nutritionists/dott.ssa-rossi')).toBe(
      '/prerendered/Nutritionists/dott.ssa-rossi.html',
    );
    // Looked up decoded (as the copies are keyed), requested encoded (S3 decodes the key).
    expect(await rewrite('/Blog/perch%C3%A9-mangiare-bene')).toBe(
      '/prerendered/Blog/perch%C3%A9-mangiare-bene.html',
    );
  });

  it('serves index.html for a public page without a copy, and for every other route', async () => {
    const rewrite = spaRewrite(['/FAQ', '/Nutritionists/dott.ssa-rossi']);
    // A page not listed (not written yet), an unknown profile: the app draws them in the browser.
    expect(await rewrite('/About')).toBe('/index.html');
    expect(await rewrite('/Nutritionists/sconosciuta')).toBe('/index.html');
    expect(await rewrite('/Blog/%E0%A4%A')).toBe('/index.html');
    // Not a public page, even when a listed path is inside it.
    expect(await rewrite('/Nutritionists/dott.ssa-rossi/extra')).toBe('/index.html');
    expect(await rewrite('/FAQ/more')).toBe('/index.html');
    expect(await rewrite('/Login')).toBe('/index.html');
    // Copies are not requested directly: their paths are files like any other.
    expect(await rewrite('/prerendered/FAQ.html')).toBe('/prerendered/FAQ.html');
  });

  it('lets the site Lambdas write prerendered/* and read the frame of a page, nothing else of the bucket', () => {
    const [[, policy] = []] = resourcesOfType(template, 'AWS::IAM::ManagedPolicy').filter(([id]) =>
      id.startsWith('PublicPagesWrite'),
    );
    const statements = (
      policy?.Properties.PolicyDocument as {
        Statement: { Action: string | string[]; Resource: unknown; Condition?: unknown }[];
      }
    ).Statement;
    const rendered = statements.map((statement) => ({
      actions: [statement.Action].flat().sort(),
      resources: [statement.Resource].flat().map(render).sort(),
      condition: statement.Condition,
    }));
    expect(rendered).toEqual([
      {
        actions: ['s3:DeleteObject', 's3:PutObject'],
        resources: ['<ref>/prerendered/*'],
        condition: undefined,
      },
      {
        actions: ['s3:GetObject'],
        resources: ['<ref>/.vite/manifest.json', '<ref>/index.html'],
        condition: undefined,
      },
      {
        actions: ['s3:ListBucket'],
        resources: ['<ref>'],
        condition: { StringLike: { 's3:prefix': ['prerendered/*'] } },
      },
      {
        actions: [
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:ListKeys',
          'cloudfront-keyvaluestore:UpdateKeys',
        ],
        resources: ['<ref>'],
        condition: undefined,
      },
    ]);
  });

  it('sends /api/* to the REST API stage uncached, with every method and all viewer headers but Host', () => {
    const api = behaviorFor('/api/*');
    expect(api).toBeDefined();
    if (!api) return;
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.AllowedMethods?.sort()).toEqual(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    expect(api.ViewerProtocolPolicy).toBe('https-only');
    expect(api.FunctionAssociations).toBeUndefined();
    // RestApiOrigin derives host and stage path from the API's URL (an output of the api stack).
    const origin = originOf(api);
    expect(JSON.stringify(origin?.DomainName)).toMatch(
      /PublishOutputRefRestApi[0-9A-F]+.*\.execute-api\.eu-south-1\./,
    );
    expect(JSON.stringify(origin?.OriginPath)).toContain('RestApiDeploymentStageprod');
  });

  it('serves /sitemap.xml from the sitemap API route, through the REST API origin and cached', () => {
    const sitemap = behaviorFor('/sitemap.xml');
    expect(sitemap).toBeDefined();
    if (!sitemap) return;
    const api = behaviorFor('/api/*');
    expect(sitemap.TargetOriginId).toBe(api?.TargetOriginId);
    expect(sitemap.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    expect(sitemap.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(sitemap.CachePolicyId).toBe(CACHING_OPTIMIZED);
    expect(sitemap.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: expect.anything() as unknown },
    ]);
    const handler = cloudFrontFunction('Serves /sitemap.xml from the API route');
    const rewritten = handler({ request: { uri: '/sitemap.xml', querystring: { x: { value: '1' } } } });
    expect(rewritten.uri).toBe(SITEMAP_API_PATH);
    expect(SITEMAP_API_PATH).toBe('/api/v2/Seo/Sitemap');
    expect(rewritten.querystring).toEqual({});
  });

  it(`serves /${ASSETS_PATH}/* from the assets bucket of the data stack`, () => {
    const assets = behaviorFor(`/${ASSETS_PATH}/*`);
    expect(assets).toBeDefined();
    if (!assets) return;
    expect(JSON.stringify(originOf(assets)?.DomainName)).toContain('AssetsBucket');
    expect(assets.AllowedMethods ?? ['GET', 'HEAD']).toEqual(['GET', 'HEAD']);
    expect(distribution.CacheBehaviors.map((behavior) => behavior.PathPattern).sort()).toEqual(
      ['/api/*', '/sitemap.xml', `/${ASSETS_PATH}/*`].sort(),
    );
  });

  it('uses the custom domain with TLS 1.2 or later, and logs access', () => {
    expect(distribution.Aliases).toEqual(['app.nutri.test']);
    expect(distribution.ViewerCertificate).toEqual({
      AcmCertificateArn: TEST_SETTINGS.certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    expect(JSON.stringify(distribution.Logging?.Bucket)).toMatch(/LogsBucket/);
  });

  it('adds the security headers to every behavior', () => {
    const [[policyId, policy] = []] = resourcesOfType(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    for (const behavior of [distribution.DefaultCacheBehavior, ...distribution.CacheBehaviors]) {
      expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    }
    const security = (
      policy?.Properties.ResponseHeadersPolicyConfig as {
        SecurityHeadersConfig: Record<string, Record<string, unknown>>;
      }
    ).SecurityHeadersConfig;
    expect(security.StrictTransportSecurity).toEqual({
      AccessControlMaxAgeSec: 63_072_000,
      IncludeSubdomains: true,
      Preload: true,
      Override: true,
    });
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security.ReferrerPolicy).toEqual({
      ReferrerPolicy: 'strict-origin-when-cross-origin',
      Override: true,
    });

    const csp = directivesOf(render(security.ContentSecurityPolicy?.ContentSecurityPolicy));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Same origin, plus Google sign-in's script (only the documented /gsi/ paths of accounts.google.com).
    expect(csp.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client']);
    expect(csp.get('frame-src')).toEqual(['https://tally.so', 'https://accounts.google.com/gsi/']);
    expect(csp.get('style-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://accounts.google.com/gsi/style',
    ]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    const connect = csp.get('connect-src') ?? [];
    expect(connect).toEqual(
      expect.arrayContaining(["'self'", 'https://*.stripe.com', 'https://accounts.google.com/gsi/']),
    );
    expect(
      connect.some((source) => /^wss:\/\/<ref>\.execute-api\.eu-south-1\.<ref>\/prod$/.test(source)),
    ).toBe(true);
    // Presigned uploads go straight to the files bucket.
    expect(connect.some((source) => source.startsWith('https://<ref>'))).toBe(true);
  });

  it('deploys the web build in three passes, each with its cache policy, and invalidates after the last', () => {
    const deployments = new Map<string, Record<string, unknown>>(
      resourcesOfType(template, 'Custom::CDKBucketDeployment').map(([id, resource]) => [
        id.replace(/CustomResource.*$/, ''),
        resource.Properties,
      ]),
    );
    const cacheControlOf = (deployment: Record<string, unknown> | undefined) =>
      JSON.stringify(deployment?.SystemMetadata);
    expect([...deployments.keys()].sort()).toEqual(['DeployBundles', 'DeployEntry', 'DeployFiles']);
    const bundles = deployments.get('DeployBundles');
    expect(bundles?.Include).toEqual([`${HASHED_BUNDLE_DIR}/*`]);
    expect(bundles?.Prune).toBe(false);
    expect(cacheControlOf(bundles)).toContain('immutable');
    const files = deployments.get('DeployFiles');
    // Excluded files are not pruned either: the prerendered pages, written by the site Lambdas, stay.
    expect(files?.Exclude).toEqual([
      `${HASHED_BUNDLE_DIR}/*`,
      'index.html',
      'runtime-config.json',
      `${PRERENDERED_FOLDER}/*`,
    ]);
    expect(files?.Prune).toBe(true);
    const entry = deployments.get('DeployEntry');
    expect(entry?.Include).toEqual(['index.html', 'runtime-config.json']);
    expect(cacheControlOf(entry)).toContain('no-cache');
    expect(entry?.DistributionPaths).toEqual(['/*']);
    for (const other of [bundles, files]) expect(other?.DistributionPaths).toBeUndefined();
    // Entry points go last: the dependency chain is bundles <- files <- entry.
    const resources = template.toJSON().Resources as Record<string, { DependsOn?: string[] }>;
    const idOf = (name: string) =>
      Object.keys(resources).find((id) => id.startsWith(`${name}CustomResource`)) ?? name;
    expect(resources[idOf('DeployEntry')]?.DependsOn).toEqual(expect.arrayContaining([idOf('DeployFiles')]));
    expect(resources[idOf('DeployFiles')]?.DependsOn).toEqual(
      expect.arrayContaining([idOf('DeployBundles')]),
    );
  });
});

describe('web bundle location', () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'nutri-web-'));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('falls back to a placeholder when the app is not built', () => {
    expect(locateWebBundle(path.join(directory, 'missing')).kind).toBe('placeholder');
  });

  it('accepts a build with its bundles under assets/ (Vite default)', () => {
    const dist = path.join(directory, 'vite');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    expect(locateWebBundle(dist)).toEqual({ kind: 'built', directory: dist });
  });

  it(`refuses a build with a /${ASSETS_PATH}/ or /api/ folder CloudFront would shadow`, () => {
    for (const reserved of [ASSETS_PATH, 'api']) {
      const dist = path.join(directory, `clash-${reserved}`);
      mkdirSync(path.join(dist, reserved), { recursive: true });
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
      expect(() => locateWebBundle(dist)).toThrow(/unreachable/);
    }
  });

  it('synthesizes with a real build', () => {
    const dist = path.join(directory, 'vite');
    const nutri = synthesizeTestApp({ webDistDir: dist });
    try {
      const template = nutri.templateOf(nutri.web);
      expect(resourcesOfType(template, 'Custom::CDKBucketDeployment')).toHaveLength(3);
    } finally {
      nutri.cleanUp();
    }
  });
});
