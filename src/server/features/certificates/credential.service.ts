import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { cpdHoursFromMinutes } from '#shared/schemas/certificates.ts';
import { PROVIDER_NAME, verifyUrl } from './certificate-links.presenter.ts';
import {
  MULTIKEY_CONTEXT,
  OB_V3_CONTEXT,
  offlineDocumentLoader,
  SECURITY_V2_CONTEXT,
  VC_V2_CONTEXT,
} from './document-loader.util.ts';
import { issuerIdentity, type SigningKey } from './signing-key.service.ts';

// Open Badges 3.0 credentials (a W3C Verifiable Credential 2.0) with an embedded DataIntegrityProof using the
// eddsa-rdfc-2022 cryptosuite, the proof format OB 3.0 conformance accepts. Canonicalisation, signing and
// verification are the digitalbazaar libraries'; this file only says what the credential contains.

export interface CredentialSource {
  code: string;
  courseId: string;
  courseTitle: string;
  holderName: string;
  learningMinutes: number;
  completedAt: Date;
  issuedAt: Date;
}

/** The issuer Profile published at its own id, with the public key as a Multikey verification method. */
export async function issuerProfile(key: SigningKey, publicUrl: string): Promise<Record<string, unknown>> {
  const { issuerId } = issuerIdentity(publicUrl);
  const publicKey = await key.export({ publicKey: true, includeContext: false });
  return {
    '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT, MULTIKEY_CONTEXT, SECURITY_V2_CONTEXT],
    id: issuerId,
    type: ['Profile'],
    name: PROVIDER_NAME,
    url: publicUrl,
    description: 'UK trade and apprenticeship training. Issuer of CPD certificates of completion.',
    verificationMethod: [publicKey],
    assertionMethod: [publicKey.id],
  };
}

function unsignedCredential(source: CredentialSource, publicUrl: string): Record<string, unknown> {
  const { issuerId } = issuerIdentity(publicUrl);
  const cpdHours = cpdHoursFromMinutes(source.learningMinutes);
  return {
    '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: verifyUrl(publicUrl, source.code),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: issuerId, type: ['Profile'], name: PROVIDER_NAME, url: publicUrl },
    validFrom: source.issuedAt.toISOString(),
    name: `${source.courseTitle}: CPD certificate of completion`,
    credentialSubject: {
      type: ['AchievementSubject'],
      // The holder is identified by the name printed on the certificate; no email or account id is published.
      identifier: [
        { type: 'IdentityObject', identityType: 'name', identityHash: source.holderName, hashed: false },
      ],
      activityEndDate: source.completedAt.toISOString(),
      achievement: {
        id: `${publicUrl}/courses/${source.courseId}`,
        type: ['Achievement'],
        achievementType: 'CertificateOfCompletion',
        name: source.courseTitle,
        description: `Completion of every module and topic of the ${PROVIDER_NAME} course "${source.courseTitle}". CPD certificate of completion; not a regulated qualification.`,
        criteria: {
          narrative:
            'Watch every video lesson, open every presentation and pass every topic quiz of the course, as recorded by the provider.',
        },
        ...(cpdHours > 0 ? { creditsAvailable: cpdHours } : {}),
      },
    },
  };
}

function documentsFor(profile: Record<string, unknown>): Map<string, unknown> {
  const key = (profile.verificationMethod as Record<string, unknown>[])[0]!;
  return new Map<string, unknown>([
    [profile.id as string, profile],
    [key.id as string, { '@context': MULTIKEY_CONTEXT, ...key }],
  ]);
}

/** Signs the certificate's credential; the proof is dated at issue, so the same certificate always signs the same. */
export async function signCredential(
  source: CredentialSource,
  key: SigningKey,
  publicUrl: string,
): Promise<Record<string, unknown>> {
  const profile = await issuerProfile(key, publicUrl);
  const suite = new DataIntegrityProof({
    signer: key.signer(),
    cryptosuite: eddsaRdfc2022,
    date: source.issuedAt,
  });
  return vc.issue({
    credential: unsignedCredential(source, publicUrl),
    suite,
    documentLoader: offlineDocumentLoader(documentsFor(profile)),
  });
}

function messages(error: unknown): string[] {
  if (!error) return [];
  const nested = (error as { errors?: unknown[] }).errors;
  if (Array.isArray(nested) && nested.length > 0) return nested.flatMap(messages);
  return [(error as Error).message ?? String(error)];
}

/** Checks the proof against our own issuer key (never a fetched one). Issuer and revocation are the caller's. */
export async function checkSignature(
  credential: Record<string, unknown>,
  key: SigningKey,
  publicUrl: string,
): Promise<string[]> {
  const profile = await issuerProfile(key, publicUrl);
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  try {
    const result = await vc.verifyCredential({
      credential,
      suite,
      documentLoader: offlineDocumentLoader(documentsFor(profile)),
    });
    // The library calls a credential verified when ANY one of its proofs verifies, and leaves out proofs of other
    // suites: a good proof must not carry a bad one. Verified means every proof present verified.
    const proofs = Array.isArray(credential.proof) ? credential.proof.length : 1;
    const results = result.results ?? [];
    if (result.verified && results.length === proofs && results.every((r) => r.verified)) return [];
    const found = [...messages(result.error), ...results.flatMap((r) => messages(r.error))];
    if (results.length < proofs) found.push('A proof is not of a kind this provider signs');
    return [...new Set(found.length > 0 ? found : ['The signature does not verify'])];
  } catch (error) {
    return messages(error);
  }
}
