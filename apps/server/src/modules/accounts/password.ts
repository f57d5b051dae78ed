import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Argon2id with OWASP's minimum (19 MiB, 2 iterations, 1 lane). Algorithm is an ambient const enum,
// which isolated modules cannot reference by name: 2 is Argon2id.
const options = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;
/** Checked against when the account does not exist, so both answers take the same time. */
export const verifyAgainstDummy = async (password: string) => {
  dummyHash ??= hashPassword('dummy password that never matches anything');
  await verifyPassword(await dummyHash, password);
  return false;
};
