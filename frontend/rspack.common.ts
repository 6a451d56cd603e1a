// Every app's rspack config (the shell and the six remotes differ only in name, port and the shell's version file):
// environment flags and the build id behind /version.json.
import { rspack, type Compiler } from '@rspack/core';
import { NxAppRspackPlugin } from '@nx/rspack/app-plugin.js';
import { NxReactRspackPlugin } from '@nx/rspack/react-plugin.js';
import { NxModuleFederationPlugin, NxModuleFederationDevServerPlugin } from '@nx/module-federation/rspack';
import type { ModuleFederationConfig } from '@nx/module-federation';
import { join } from 'path';

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

/**
 * The rspack config of one app. `dir` is the app's folder (its `__dirname`); a remote is served to the shell
 * across origins in development (CORS header) and named `uniqueName`; the shell writes version.json.
 */
export function appConfig({ dir, port, federation, remote }: {
  dir: string;
  port: number;
  federation: ModuleFederationConfig;
  remote?: string;
}) {
  return {
    // rspack-cli dev mode defaults this on; it breaks module federation.
    lazyCompilation: false,
    output: {
      path: join(dir, 'dist'),
      publicPath: 'auto',
      ...(remote ? { uniqueName: remote } : {}),
    },
    devServer: {
      port,
      ...(remote ? { headers: { 'Access-Control-Allow-Origin': '*' } } : {}),
      historyApiFallback: {
        index: '/index.html',
        disableDotRule: true,
        htmlAcceptHeaders: ['text/html', 'application/xhtml+xml'],
      },
    },
    plugins: [
      new NxAppRspackPlugin({
        tsConfig: './tsconfig.app.json',
        main: './src/main.ts',
        index: './src/index.html',
        baseHref: '/',
        assets: ['./src/favicon.ico', './src/assets'],
        styles: ['./src/styles.css'],
        outputHashing: process.env['NODE_ENV'] === 'production' ? 'all' : 'none',
        optimization: process.env['NODE_ENV'] === 'production',
      }),
      new NxReactRspackPlugin({}),
      new NxModuleFederationPlugin({ config: federation }, { dts: false }),
      new NxModuleFederationDevServerPlugin({ config: federation }),
      defines(),
      ...(remote ? [] : [new VersionFilePlugin()]),
    ],
  };
}
