/**
 * Runs one Lambda build with esbuild's asynchronous API, which alone takes plugins, for the synchronous
 * callers (the CDK's local bundling): infra/lib/lambda-bundle.ts starts it with the build options as JSON
 * on stdin and reads the metafile as JSON from stdout.
 *
 * The plugin: the DynamoDB client and its codec import `@aws-sdk/core/protocols`, a barrel of every AWS
 * protocol. esbuild puts a file in the chunks a cold start reads when the start path reaches it through any
 * import, barrels included, so the REST-XML and Query code of the SES, SNS and S3 clients (loaded on first
 * use) would be read at every start. For those two importers the barrel is replaced by the three names
 * they use (docs/decisions/0017-lean-lambdas.md); every other importer keeps the barrel.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const DYNAMODB_IMPORTERS = /[\\/]@aws-sdk[\\/](client-dynamodb|dynamodb-codec)[\\/]/;

const dynamoDbProtocols = (functionsDir) => ({
  name: 'dynamodb-protocols',
  setup(builder) {
    builder.onResolve({ filter: /^@aws-sdk\/core\/protocols$/ }, (args) =>
      DYNAMODB_IMPORTERS.test(args.importer)
        ? { path: 'dynamodb-protocols', namespace: 'nutri-dynamodb-protocols', pluginData: args.resolveDir }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'nutri-dynamodb-protocols' }, () => {
      // The protocol's own file, found from the package's public entry (its exports name no deep paths).
      const require = createRequire(path.join(functionsDir, 'package.json'));
      const cjsProtocols = path.dirname(require.resolve('@aws-sdk/core/protocols'));
      const esmProtocols = cjsProtocols.replace(/([\\/])dist-cjs([\\/])/, '$1dist-es$2');
      return {
        contents: [
          `export { AwsJson1_0Protocol } from ${JSON.stringify(path.join(esmProtocols, 'json', 'AwsJson1_0Protocol.js'))};`,
          'export { JsonCodec, JsonCodec2, JsonShapeDeserializer, JsonShapeDeserializer2, JsonShapeSerializer,',
          "  JsonShapeSerializer2 } from '@smithy/core/protocols';",
        ].join('\n'),
        resolveDir: functionsDir,
        loader: 'js',
      };
    });
  },
});

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { options, functionsDir } = JSON.parse(input);
const result = await build({ ...options, plugins: [dynamoDbProtocols(functionsDir)] });
process.stdout.write(JSON.stringify(result.metafile));
