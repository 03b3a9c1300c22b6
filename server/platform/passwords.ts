import { hash, verify } from '@node-rs/argon2'

/**
 * Password hashing with argon2id at the parameters of DESIGN §6 (19 MiB, t=2, p=1). The
 * algorithm's number is spelled out because the package exports it as a const enum, which
 * isolated modules cannot import.
 */
const ARGON2ID = 2
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS)

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password)
