import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The local gateway (npm start) serves the API, the realtime channel and the dev-only pages. */
const LOCAL_GATEWAY = process.env.NUTRI_GATEWAY_URL ?? 'http://localhost:3000';

/** Libraries the landing chunk must not contain (they belong to lazily loaded areas). */
const KEPT_OUT_OF_LANDING_CHUNK = ['/node_modules/zod/'];

/**
 * Fails the build when a heavy library lands in the entry chunk, e.g. after always-loaded code imports
 * values from the '@nutri/shared' entry (which re-exports the zod schemas) instead of src/lib/shared-values.
 */
const landingChunkBudget = (): Plugin => ({
  name: 'nutri-landing-chunk-budget',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk' || !output.isEntry) continue;
      const offenders = Object.keys(output.modules).filter((id) =>
        KEPT_OUT_OF_LANDING_CHUNK.some((library) => id.replaceAll('\\', '/').includes(library)),
      );
      if (offenders.length > 0) {
        this.error(
          `${output.fileName} (landing chunk) contains ${offenders.length} module(s) of ${KEPT_OUT_OF_LANDING_CHUNK.join(', ')}, ` +
            `e.g. ${offenders[0]}. Import shared values from src/lib/shared-values.ts in always-loaded code.`,
        );
      }
    }
  },
});

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), landingChunkBudget()],
  build: {
    outDir: 'dist',
    // Hashed files under /static/: served immutable by CloudFront and the local gateway; /media/ is the
    // assets bucket (docs/decisions/0001).
    assetsDir: 'static',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    // The entry chunk is React, the router, SWR and the Mantine app shell (~175 kB gzip); heavy libraries
    // are kept out of it by landingChunkBudget, so Vite's generic 500 kB warning adds nothing.
    chunkSizeWarningLimit: 650,
  },
  server: {
    proxy: {
      '/api': { target: LOCAL_GATEWAY, changeOrigin: false },
      '/ws': { target: LOCAL_GATEWAY, ws: true, changeOrigin: false },
      '/dev': { target: LOCAL_GATEWAY, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: LOCAL_GATEWAY, changeOrigin: false },
      '/ws': { target: LOCAL_GATEWAY, ws: true, changeOrigin: false },
      '/dev': { target: LOCAL_GATEWAY, changeOrigin: false },
    },
  },
});
