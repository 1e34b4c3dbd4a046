import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  parsePasswordHash,
  PRODUCTION_SCRYPT_PARAMETERS,
  verifyPassword,
} from '../src/services/password-hashing.ts';

describe('password hashing (scrypt)', () => {
  it('uses N = 2^17, r = 8, p = 1 with a 16-byte salt by default and stores them with the hash', async () => {
    expect(PRODUCTION_SCRYPT_PARAMETERS).toEqual({ logN: 17, r: 8, p: 1 });
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    const parsed = parsePasswordHash(stored)!;
    expect(parsed.parameters).toEqual({ logN: 17, r: 8, p: 1 });
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.key).toHaveLength(32);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
  });

  it('salts every hash, so one password gives different hashes', async () => {
    const parameters = { logN: 10, r: 8, p: 1 };
    const [a, b] = await Promise.all([hashPassword('same', parameters), hashPassword('same', parameters)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same', a)).toBe(true);
    expect(await verifyPassword('same', b)).toBe(true);
  });

  it('verifies with the parameters stored in the hash, whatever the current default', async () => {
    const cheap = await hashPassword('older account', { logN: 11, r: 4, p: 2 });
    expect(cheap.startsWith('scrypt$11$4$2$')).toBe(true);
    expect(await verifyPassword('older account', cheap)).toBe(true);
  });

  it.each(['', 'bcrypt$10$abc', 'scrypt$17$8$1$onlyfive', 'scrypt$40$8$1$AAAA$BBBB', 'scrypt$x$8$1$AAAA$BBBB'])(
    'rejects the malformed stored hash %j without throwing',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );

  it('treats canonically equal Unicode passwords as equal (NFKC)', async () => {
    const stored = await hashPassword('caf\u00e9-latte', { logN: 10, r: 8, p: 1 });
    expect(await verifyPassword('cafe\u0301-latte', stored)).toBe(true);
  });
});
