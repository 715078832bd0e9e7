import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { ssoRoutes } from './routes.ts';
import { parseSsoSettings, SsoSettingsError } from './settings.ts';

export interface SsoPluginOptions {
  /** OIDC_CONFIG_FILE; unset, single sign-on is off and its routes do not exist. */
  configFile: string | undefined;
  publicUrl: string | undefined;
  scryptCost: number;
  /** Where the client secrets are read (the server's environment). */
  env?: Record<string, string | undefined>;
}

/** Single sign-on (decision 0085): on only when OIDC_CONFIG_FILE names the factories' providers. */
export async function ssoPlugin(app: FastifyInstance, options: SsoPluginOptions) {
  if (!options.configFile) return;
  if (!options.publicUrl) {
    throw new SsoSettingsError(
      'OIDC_CONFIG_FILE needs PUBLIC_URL: the providers redirect back to PUBLIC_URL/v1/Sso/Callback',
    );
  }
  const text = await readFile(options.configFile, 'utf8').catch((err: unknown) => {
    throw new SsoSettingsError(
      `OIDC_CONFIG_FILE: cannot read ${options.configFile} (${String(err)})`,
    );
  });
  const settings = parseSsoSettings(text, options.env ?? process.env);
  await app.register(ssoRoutes, {
    settings,
    publicUrl: options.publicUrl,
    scryptCost: options.scryptCost,
  });
}
