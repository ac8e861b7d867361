import { signContentToken } from './content-token.service.ts';
import type { PackageRow } from './package.service.ts';

/** Where the player frame starts: the launch file under a token for this viewer (content-token.service.ts). */
export function launchUrl(
  secret: string,
  pkg: Pick<PackageRow, 'id' | 'launchPath'>,
  userId: string,
): string {
  const [file = '', query] = pkg.launchPath.split(/\?(.*)/s);
  const encoded = file.split('/').map(encodeURIComponent).join('/');
  return `/scorm-content/${signContentToken(secret, pkg.id, userId)}/${encoded}${query ? `?${query}` : ''}`;
}
