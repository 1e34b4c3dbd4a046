import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParameters {
  /** log2 of the CPU/memory cost N. */
  logN: number;
  r: number;
  p: number;
}

/** Production cost: N = 2^17, r = 8, p = 1 (128 MiB, ~100-200 ms per hash). */
export const PRODUCTION_SCRYPT_PARAMETERS: ScryptParameters = { logN: 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const HASH_PREFIX = 'scrypt';

function scrypt(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  const cost = 2 ** parameters.logN;
  const options: ScryptOptions = {
    N: cost,
    r: parameters.r,
    p: parameters.p,
    // Node's default 32 MiB cap is below what N = 2^17, r = 8 needs (128 * N * r bytes).
    maxmem: 128 * cost * parameters.r * parameters.p + 32 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Hashes a password into a self-describing string
 * `scrypt$<logN>$<r>$<p>$<salt base64>$<key base64>`, so the cost can be raised later
 * while old hashes still verify.
 */
export async function hashPassword(
  password: string,
  parameters: ScryptParameters = PRODUCTION_SCRYPT_PARAMETERS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, parameters);
  return [
    HASH_PREFIX,
    parameters.logN,
    parameters.r,
    parameters.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export function parsePasswordHash(stored: string): { parameters: ScryptParameters; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== HASH_PREFIX) return null;
  const [logN, r, p] = parts.slice(1, 4).map((part) => Number.parseInt(part, 10));
  if (![logN, r, p].every((value) => Number.isInteger(value) && value > 0) || logN > 22) return null;
  return { parameters: { logN, r, p }, salt: Buffer.from(parts[4], 'base64'), key: Buffer.from(parts[5], 'base64') };
}

/** Checks a password against a stored hash in constant time (for equal-length keys). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.parameters);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}
