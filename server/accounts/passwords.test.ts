import { hashPassword, verifyPassword } from './passwords';

describe('demo account passwords (scrypt with a random salt, constant-time compare)', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    await expect(verifyPassword('correct horse', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horsE', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('salts every hash: the same password hashes differently', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it.each(['', 'plain', 'scrypt$1$2$3$00$00', 'bcrypt$16384$8$1$00$00', 'scrypt$x$8$1$00$' + '0'.repeat(128)])(
    'never matches a malformed stored hash %j',
    async (stored) => {
      await expect(verifyPassword('plain', stored)).resolves.toBe(false);
    },
  );
});
