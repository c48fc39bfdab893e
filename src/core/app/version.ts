import pkg from '../../../package.json' with { type: 'json' };
import type { AppVersion } from '../context';

/**
 * app/info reports the reference version level this API implements (4.0 build 22: comments and
 * smart folders), because scripts written for the desktop API gate features on it; `webVersion`
 * is this project's own version. See docs/decisions/app-version.md.
 */
export const APP_VERSION: AppVersion = {
  version: '4.0.0',
  buildVersion: '22',
  prereleaseVersion: null,
  webVersion: pkg.version,
};
