import { appendFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'
import type { Config } from '../config'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * Outgoing mail: through SMTP_URL when set; otherwise (development) each mail is written to the
 * log and appended to DATA_DIR/dev-mailbox.jsonl, where a developer or a test can read it.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: FastifyBaseLogger,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, ...mail })
      },
    }
  }
  const mailbox = join(config.dataDir, 'dev-mailbox.jsonl')
  return {
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP_URL: dev mailbox)')
      await mkdir(config.dataDir, { recursive: true })
      await appendFile(mailbox, `${JSON.stringify({ at: new Date().toISOString(), ...mail })}\n`)
    },
  }
}
