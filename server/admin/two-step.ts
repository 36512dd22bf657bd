import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, email: string, issuer: string): TOTP {
  return new TOTP({ issuer, label: email, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, email: string, issuer: string): string {
  return totp(secret, email, issuer).toString();
}

/** The QR code as an SVG data: URL, which the Content-Security-Policy's img-src allows. */
export async function qrCodeImage(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step a code belongs to when it is right at `at` (the step before and after are accepted
 * too, for clocks a little off), or null. The caller records the step so no code counts twice.
 */
export function codeStep(secret: string, code: string, at: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    token,
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: PERIOD,
    timestamp: at.getTime(),
    window: 1,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: at.getTime() }) + delta;
}

/** The code an authenticator app shows at `at`; for tests. */
export function currentCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD, timestamp: at.getTime() });
}

const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten codes like `k7pq-2mxe-9tra`: about 59 bits each, from an alphabet without look-alike characters. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** What the store keeps of a recovery code: typed with or without dashes, in any case, it hashes the same. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ''))
    .digest('hex');
}
