// Names and links shared by the certificate's PDF, page, email and credential (no library imports, so the
// learning feature can issue certificates without loading the signing code).

export const PROVIDER_NAME = 'TradeSkills';

export function verifyUrl(publicUrl: string, code: string): string {
  return `${publicUrl}/certificates/${code}`;
}
