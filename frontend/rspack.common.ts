// Shared pieces of every app's rspack config: environment flags and the build id behind /version.json.
import { rspack, type Compiler } from '@rspack/core';

const BUILD_ID = process.env['BUILD_ID'] ?? new Date().toISOString();
const APP_VERSION = '0.5.2';

export const defines = () =>
  new rspack.DefinePlugin({
    __APP_ENV__: JSON.stringify(process.env['APP_ENV'] ?? 'production'),
    __BUILD_ID__: JSON.stringify(BUILD_ID),
  });

/** Writes version.json beside index.html; open pages poll it to notice a new release. */
export class VersionFilePlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('VersionFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'VersionFilePlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('version.json', new rspack.sources.RawSource(JSON.stringify({ version: APP_VERSION, buildId: BUILD_ID })));
      });
    });
  }
}
