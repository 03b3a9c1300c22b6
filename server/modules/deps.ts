import type { Config } from '../config'
import type { Database } from '../db/client'
import type { FileStore } from '../platform/files'
import type { Mailer } from '../platform/mailer'
import type { TokenService } from '../platform/tokens'

/** What the service modules are given by buildApp. */
export interface ModuleDeps {
  database: Database
  config: Config
  tokens: TokenService
  mailer: Mailer
  files: FileStore
}
