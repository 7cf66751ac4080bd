/**
 * The public entry point: one CloudFront distribution serving the React app (S3, SPA routing by a
 * CloudFront Function), the REST API under /api/* (and /sitemap.xml, rewritten to its API route), and the
 * assets bucket under /media/*, with the security headers on every response.
 */
import {
  Annotations,
  CfnOutput,
  DefaultStackSynthesizer,
  Duration,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { API_BASE_PATH, RUNTIME_CONFIG_FILE, runtimeConfig } from '@nutri/shared';
import {
  FIXED_PUBLIC_PAGES,
  ITEM_PAGE_PARENTS,
  PRERENDERED_FOLDER,
} from '@nutri/functions/site/public-pages';
import { buildContentSecurityPolicy } from '../content-security-policy';
import { createLogsBucket, createPrivateBucket } from '../constructs/private-bucket';
import type { PublicPagesBinding } from '../constructs/bindings';
import { acknowledge, wildcardResourceFinding } from '../nag';
import type { NutriSettings } from '../settings';
import { ASSETS_PATH, HASHED_BUNDLE_DIR, locateWebBundle, PLACEHOLDER_INDEX_HTML } from '../web-bundle';
import type { ApiStack } from './api-stack';
import type { DataStack } from './data-stack';
import type { RealtimeStack } from './realtime-stack';

export interface WebStackProps extends StackProps {
  settings: NutriSettings;
  data: DataStack;
  api: ApiStack;
  realtime: RealtimeStack;
}

const HSTS_MAX_AGE = Duration.days(730);

/** Vite's build manifest in web/dist: the prerenderer reads which chunk and styles each page needs. */
const MANIFEST_FILE = '.vite/manifest.json';

/** Files served as they are; any other path is a route of the single-page app and gets index.html. */
const STATIC_FILE_EXTENSIONS = (
  'html js mjs css map json txt xml webmanifest ico png jpg jpeg gif svg webp avif ' +
  'woff woff2 ttf otf pdf mp4 webm mp3'
).split(' ');

/** The module CloudFront Functions read a KeyValueStore with; the tests run the code without it. */
export const KVS_MODULE_IMPORT = "import cf from 'cloudfront';";

/** A prerendered page's path in lower case (the router matches paths whatever their case) to its own spelling. */
const fixedPagesByLowerCase = Object.fromEntries(
  FIXED_PUBLIC_PAGES.map((page) => [page.toLowerCase(), page]),
);
const itemParentsByLowerCase = Object.fromEntries(
  ITEM_PAGE_PARENTS.map((parent) => [parent.slice(1).toLowerCase(), parent.slice(1)]),
);

/**
 * A viewer-request rewrite rather than custom error responses, which would also turn the API's real 403
 * and 404 answers into index.html. Route segments may contain dots (`dott.ssa-rossi`), so only known file
 * extensions count as files.
 *
 * A public page (docs/decisions/0034-prerendered-public-pages.md) goes to its prerendered copy,
 * `/prerendered/<path>.html`, when the page list (a KeyValueStore the Lambda that writes the copies keeps,
 * functions/src/site) has its path; any other route, and a page without a copy (an unknown profile, a
 * page not yet written), gets index.html as before, and the app draws it in the browser. Paths match as
 * the app's router matches them (web/src/app/early/early-route.ts: any case, empty segments ignored); a
 * profile's or an article's friendly URL is looked up decoded, as the copies are keyed.
 */
export const SPA_REWRITE_CODE = `${KVS_MODULE_IMPORT}
var pageList = cf.kvs();
var STATIC_FILE = /\\.(${STATIC_FILE_EXTENSIONS.join('|')})$/i;
var FIXED_PAGES = ${JSON.stringify(fixedPagesByLowerCase)};
var ITEM_PARENTS = ${JSON.stringify(itemParentsByLowerCase)};
function publicPageOf(uri) {
  var segments = uri.split('/').filter(function (segment) { return segment !== ''; });
  var fixed = FIXED_PAGES[('/' + segments.join('/')).toLowerCase()];
  if (fixed) return { key: fixed, file: fixed === '/' ? '/index' : fixed };
  var parent = segments.length === 2 ? ITEM_PARENTS[segments[0].toLowerCase()] : undefined;
  if (!parent) return null;
  var item;
  try {
    item = decodeURIComponent(segments[1]);
  } catch (error) {
    return null;
  }
  return { key: '/' + parent + '/' + item, file: '/' + parent + '/' + segments[1] };
}
async function handler(event) {
  var request = event.request;
  if (STATIC_FILE.test(request.uri)) return request;
  var page = publicPageOf(request.uri);
  var listed = false;
  if (page) {
    try {
      listed = await pageList.exists(page.key);
    } catch (error) {
      listed = false;
    }
  }
  request.uri = listed ? '/${PRERENDERED_FOLDER}' + page.file + '.html' : '/index.html';
  return request;
}
`;

/** The API route that answers /sitemap.xml (functions/src/routes.ts: GET Seo/Sitemap). */
export const SITEMAP_API_PATH = `${API_BASE_PATH}/Seo/Sitemap`;

/**
 * Search engines look for /sitemap.xml at the root; the sitemap is built by the API, so the path is
 * rewritten to the API route on its way to the REST API origin (the query string is dropped: the
 * sitemap takes none, and it keeps the cache key to one entry).
 */
export const SITEMAP_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  request.uri = '${SITEMAP_API_PATH}';
  request.querystring = {};
  return request;
}
`;

export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly webBucket: s3.Bucket;
  /** The prerendered public pages: the page list the rewrite reads, and the policy of who writes them. */
  readonly publicPages: PublicPagesBinding;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { settings, data, api, realtime } = props;

    const logsBucket = createLogsBucket(this, 'LogsBucket', { forCloudFront: true });
    this.webBucket = createPrivateBucket(this, 'WebBucket', {
      versioned: true,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3-web/',
      lifecycleRules: [{ id: 'tidy-versions', noncurrentVersionExpiration: Duration.days(30) }],
    });

    // Imported by attributes: handing the data stack's bucket to the origin would make CloudFront edit that
    // bucket's policy from here, a cycle. The data stack grants OAC reads itself.
    const assetsBucket = s3.Bucket.fromBucketAttributes(this, 'AssetsBucket', {
      bucketArn: data.assetsBucket.bucketArn,
      bucketName: data.assetsBucket.bucketName,
      bucketRegionalDomainName: data.assetsBucket.bucketRegionalDomainName,
    });

    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Nutri security headers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: buildContentSecurityPolicy({
            realtimeUrl: realtime.stage.url,
            filesOrigin: `https://${data.filesBucket.bucketRegionalDomainName}`,
          }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: HSTS_MAX_AGE,
          includeSubdomains: true,
          preload: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [
          // Video visits need the camera and microphone, on this origin only.
          {
            header: 'Permissions-Policy',
            value: 'camera=(self), microphone=(self), geolocation=(), payment=()',
            override: true,
          },
          { header: 'Cross-Origin-Opener-Policy', value: 'same-origin', override: true },
        ],
      },
    });

    const pageList = new cloudfront.KeyValueStore(this, 'PublicPageList', {
      comment: 'Nutri: the public pages with a prerendered copy in the web bucket',
    });
    this.publicPages = {
      bucket: this.webBucket,
      pageList,
      write: this.createPublicPagesPolicy(pageList),
    };
    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Public pages to their prerendered copy, other app routes to /index.html',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      keyValueStore: pageList,
    });

    const sitemapRewrite = new cloudfront.Function(this, 'SitemapRewrite', {
      comment: 'Serves /sitemap.xml from the API route',
      code: cloudfront.FunctionCode.fromInline(SITEMAP_REWRITE_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const apiOrigin = new origins.RestApiOrigin(api.restApi);

    const certificate = settings.certificateArn
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', settings.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Nutri: web app, /api and /media',
      ...(certificate
        ? {
            certificate,
            domainNames: [settings.publicHost],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Users are in Italy: edge locations in Europe (and North America) are enough.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      defaultRootObject: 'index.html',
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.webBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Host must be API Gateway's own; everything else (Authorization, signatures, query) goes through.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        // Cached as the API's Cache-Control says (an hour): crawlers do not each reach the table.
        '/sitemap.xml': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [
            { function: sitemapRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
          compress: true,
        },
        [`/${ASSETS_PATH}/*`]: {
          origin: origins.S3BucketOrigin.withOriginAccessControl(assetsBucket),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
      },
    });
    acknowledge(
      this.distribution,
      'CFR1',
      'No geo restriction: the service is Italian but patients use it from abroad too, and no rule confines the health data to viewers in Italy.',
    );
    acknowledge(
      this.distribution,
      'CFR2',
      'A CloudFront web ACL must live in us-east-1 (a cross-region stack); the dynamic surface, /api/*, is covered by the regional web ACL on the REST API stage, and the rest is static content.',
    );
    if (!certificate) {
      acknowledge(
        this.distribution,
        'CFR4',
        'No custom domain configured (nutri:certificateArn unset): the default *.cloudfront.net certificate fixes the policy at TLSv1. With a certificate the distribution enforces TLSv1.2_2021.',
      );
    }
    // Expected: the data stack's bucket policy already admits this account's distributions (see above).
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The assets bucket policy in the data stack grants CloudFront OAC reads.',
    );

    this.deployWebBundle(settings, realtime);

    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'WebBucketName', { value: this.webBucket.bucketName });
  }

  /**
   * What the Lambdas that prerender the public pages (functions/src/site) may do: write and delete the
   * copies under `prerendered/` and list them, read the frame of a page (index.html and the build's
   * manifest), and keep the page list. Nothing else of the bucket.
   */
  private createPublicPagesPolicy(pageList: cloudfront.IKeyValueStore) {
    const copies = this.webBucket.arnForObjects(`${PRERENDERED_FOLDER}/*`);
    const policy = new iam.ManagedPolicy(this, 'PublicPagesWrite', {
      description: 'Nutri: write the prerendered public pages and their list',
      statements: [
        new iam.PolicyStatement({ actions: ['s3:PutObject', 's3:DeleteObject'], resources: [copies] }),
        new iam.PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [
            this.webBucket.arnForObjects('index.html'),
            this.webBucket.arnForObjects(MANIFEST_FILE),
          ],
        }),
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [this.webBucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${PRERENDERED_FOLDER}/*`] } },
        }),
        new iam.PolicyStatement({
          actions: [
            'cloudfront-keyvaluestore:DescribeKeyValueStore',
            'cloudfront-keyvaluestore:ListKeys',
            'cloudfront-keyvaluestore:UpdateKeys',
          ],
          resources: [pageList.keyValueStoreArn],
        }),
      ],
    });
    acknowledge(
      policy,
      wildcardResourceFinding(policy, copies),
      'The copies are keyed by page path (one per public profile and article, known only at run time); the grant is limited to the prerendered/ folder.',
    );
    return policy;
  }

  /**
   * Three passes, each with its own caching: the hashed bundles (immutable, never pruned, so pages still
   * open in a browser keep loading their chunks during a release), the other files (pruned), and last the
   * entry points, uncached, so a page never references bundles that are not there yet.
   */
  private deployWebBundle(settings: NutriSettings, realtime: RealtimeStack) {
    const bundle = locateWebBundle(settings.webDistDir);
    if (bundle.kind === 'placeholder')
      Annotations.of(this).addWarningV2('nutri:web-placeholder', bundle.reason);
    const site =
      bundle.kind === 'built'
        ? s3deploy.Source.asset(bundle.directory)
        : s3deploy.Source.data('index.html', PLACEHOLDER_INDEX_HTML);
    // Read by the app at start: the WebSocket URL is only known once the realtime stack exists.
    const runtimeConfigFile = s3deploy.Source.jsonData(
      RUNTIME_CONFIG_FILE,
      runtimeConfig(realtime.stage.url),
    );
    const entryFiles = ['index.html', RUNTIME_CONFIG_FILE];
    const hashed = `${HASHED_BUNDLE_DIR}/*`;

    const bundles = new s3deploy.BucketDeployment(this, 'DeployBundles', {
      destinationBucket: this.webBucket,
      sources: [site],
      exclude: ['*'],
      include: [hashed],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const files = new s3deploy.BucketDeployment(this, 'DeployFiles', {
      destinationBucket: this.webBucket,
      sources: [site],
      // The prerendered pages are written by the site Lambdas, not by the build: pruning leaves them alone.
      exclude: [hashed, ...entryFiles, `${PRERENDERED_FOLDER}/*`],
      prune: true,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=3600')],
      memoryLimit: 512,
    });
    const entry = new s3deploy.BucketDeployment(this, 'DeployEntry', {
      destinationBucket: this.webBucket,
      sources: [site, runtimeConfigFile],
      exclude: ['*'],
      include: entryFiles,
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/*'],
    });
    files.node.addDependency(bundles);
    entry.node.addDependency(files);
    this.acknowledgeDeploymentHandler(files);
  }

  /** The singleton Lambda aws-s3-deployment generates to copy the build; its code and role are CDK's. */
  private acknowledgeDeploymentHandler(deployment: s3deploy.BucketDeployment) {
    const role = deployment.handlerRole;
    const handler = role.node.scope;
    if (!handler) throw new Error('BucketDeployment handler not found');
    const qualifier =
      (this.synthesizer as DefaultStackSynthesizer).bootstrapQualifier ??
      DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const stagingObjects = `arn:${this.partition}:s3:::cdk-${qualifier}-assets-${this.account}-${this.region}/*`;
    acknowledge(
      handler,
      'L1',
      'Runtime chosen by aws-cdk-lib for its BucketDeployment handler; it runs only during deployments, never on a request path.',
    );
    acknowledge(
      role,
      'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      'Role generated by aws-s3-deployment for its deploy-time handler; the managed policy only lets it write its own logs.',
    );
    const wildcards: [string, string][] = [
      [
        'IAM5[Action::s3:GetBucket*]',
        'Generated by aws-s3-deployment: the deploy-time copy reads location and metadata of the CDK staging bucket.',
      ],
      [
        'IAM5[Action::s3:GetObject*]',
        'Generated by aws-s3-deployment: the deploy-time copy reads the zipped web build (object and versions) from the CDK staging bucket.',
      ],
      [
        'IAM5[Action::s3:List*]',
        'Generated by aws-s3-deployment: the deploy-time copy lists the web bucket to prune files the new build no longer has.',
      ],
      [
        'IAM5[Action::s3:Abort*]',
        'Generated by aws-s3-deployment: the deploy-time copy aborts its own failed multipart uploads to the web bucket.',
      ],
      [
        'IAM5[Action::s3:DeleteObject*]',
        'Generated by aws-s3-deployment: the deploy-time copy deletes files of the previous build from the web bucket.',
      ],
      [
        wildcardResourceFinding(role, stagingObjects),
        'Asset object keys in the CDK staging bucket are content hashes known only at deploy time.',
      ],
      [
        wildcardResourceFinding(role, this.webBucket.arnForObjects('*')),
        'The deploy-time copy writes and prunes every file of the web bucket, which holds the built site and nothing else.',
      ],
      [
        'IAM5[Resource::*]',
        'CloudFront CreateInvalidation/GetInvalidation after the copy support no resource-level scoping in the role aws-s3-deployment generates.',
      ],
    ];
    for (const [finding, reason] of wildcards) acknowledge(role, finding, reason);
  }
}
