import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, TEST_PASSWORD } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, passwordResets, securityAnswers } from '../../db/schema'
import { hashPassword } from '../../platform/passwords'
import { normalizeAnswer } from './recovery'

const HOST = 'acme.localhost'
const api = (path: string) => `/api/authentication/${path}`
const EXPIRED = 'El tiempo para recuperar contraseña ha expirado, inténtalo nuevamente'

interface Mail {
  to: string
  text: string
}

/** A real SMTP server on a free port, keeping what it receives (the edge of the world, DESIGN §8). */
async function startMailbox(): Promise<{ port: number; mails: Mail[]; close(): Promise<void> }> {
  const mails: Mail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8')
      })
      stream.on('end', () => {
        const body = raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n')
        // Quoted-printable: soft line breaks go, =XX are UTF-8 bytes.
        const latin = body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
        const text = Buffer.from(latin, 'latin1').toString('utf8')
        mails.push({ to: session.envelope.rcptTo[0]?.address ?? '', text })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe('password recovery', () => {
  let t: TestApp
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  let acme: TenantFixture

  const post = (path: string, payload: Record<string, unknown>, lang = 'es') =>
    t.app.inject({
      method: 'POST',
      url: api(path),
      headers: { host: HOST, 'accept-language': lang },
      payload,
    })
  const login = (username: string, password: string) => post('login', { username, password })
  const codeOf = (mail: Mail | undefined) => /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? ''
  const newPassword = (password: string) => ({ password, password_confirmation: password })

  beforeAll(async () => {
    mailbox = await startMailbox()
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}?ignoreTLS=true` })
    acme = await buildTenant(t.database.db, { slug: 'acme', tradeName: 'Clínica Acme' })
  })
  afterAll(async () => {
    await t.close()
    await mailbox.close()
  })

  describe('by a code sent by e-mail', () => {
    it('mails a 6-digit code that sets the new password once', async () => {
      await buildUser(t.database.db, acme.id, { email: 'lucia.mendoza@acme.mx' })
      const started = await post('recover-password', { username: 'Lucia.Mendoza@acme.mx' })
      expect(started.statusCode).toBe(200)
      const recovery = started.json().data
      expect(recovery).toMatchObject({
        type: 'code',
        data_identificator: 'l***a@acme.mx',
        security_questions_available: false,
      })
      expect(Date.parse(recovery.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000)

      const mail = mailbox.mails.at(-1)
      expect(mail?.to).toBe('lucia.mendoza@acme.mx')
      expect(mail?.text).toContain('Clínica Acme')
      const code = codeOf(mail)
      expect(code).toMatch(/^\d{6}$/)

      const reset = await post('reset-password', {
        password_reset_token: recovery.password_reset_token,
        code,
        ...newPassword('Recupera#2026'),
      })
      expect(reset.statusCode).toBe(200)
      expect((await login('lucia.mendoza@acme.mx', 'Recupera#2026')).statusCode).toBe(200)
      expect((await login('lucia.mendoza@acme.mx', TEST_PASSWORD)).statusCode).toBe(401)

      const again = await post('reset-password', {
        password_reset_token: recovery.password_reset_token,
        code,
        ...newPassword('Otra#Clave2026'),
      })
      expect(again.statusCode).toBe(422)
      expect(again.json().errors).toEqual({ password_reset_token: [EXPIRED] })
      const actions = (await withTenant(t.database.db, acme.id, (tx) => tx.select().from(auditLog))).map(
        (a) => a.action,
      )
      expect(actions).toEqual(expect.arrayContaining(['password.recovery-code', 'password.reset']))
    })

    it('counts wrong codes and spends the recovery after five', async () => {
      await buildUser(t.database.db, acme.id, { email: 'tere@acme.mx' })
      const recovery = (await post('recover-password', { username: 'tere@acme.mx' })).json().data
      const code = codeOf(mailbox.mails.at(-1))
      const wrong = code === '000000' ? '111111' : '000000'
      for (let attempt = 1; attempt <= 5; attempt++) {
        const res = await post('reset-password', {
          password_reset_token: recovery.password_reset_token,
          code: wrong,
          ...newPassword('Recupera#2026'),
        })
        expect(res.statusCode).toBe(422)
        expect(res.json().errors).toEqual({ code: ['El código no es correcto.'] })
      }
      const right = await post('reset-password', {
        password_reset_token: recovery.password_reset_token,
        code,
        ...newPassword('Recupera#2026'),
      })
      expect(right.json().errors).toEqual({ password_reset_token: [EXPIRED] })
    })

    it('refuses a code after its 15 minutes', async () => {
      const user = await buildUser(t.database.db, acme.id, { email: 'tarde@acme.mx' })
      const recovery = (await post('recover-password', { username: 'tarde@acme.mx' })).json().data
      const code = codeOf(mailbox.mails.at(-1))
      await withTenant(t.database.db, acme.id, (tx) =>
        tx
          .update(passwordResets)
          .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
          .where(eq(passwordResets.userId, user.id)),
      )
      const late = await post('reset-password', {
        password_reset_token: recovery.password_reset_token,
        code,
        ...newPassword('Recupera#2026'),
      })
      expect(late.statusCode).toBe(422)
      expect(late.json().errors.password_reset_token).toEqual([EXPIRED])
      const english = await post(
        'reset-password',
        { password_reset_token: recovery.password_reset_token, code, ...newPassword('Recupera#2026') },
        'en',
      )
      expect(english.json().errors.password_reset_token).toEqual([
        'The time to recover your password has expired, please try again',
      ])
    })

    it('answers an unknown username the same way and sends nothing', async () => {
      const before = mailbox.mails.length
      const res = await post('recover-password', { username: 'nadie@acme.mx' })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toMatchObject({ type: 'code', security_questions_available: false })
      expect(typeof res.json().data.password_reset_token).toBe('string')
      expect(mailbox.mails.length).toBe(before)
      const attempt = await post('reset-password', {
        password_reset_token: res.json().data.password_reset_token,
        code: '123456',
        ...newPassword('Recupera#2026'),
      })
      expect(attempt.json().errors.password_reset_token).toEqual([EXPIRED])
    })

    it('validates the new password before anything else', async () => {
      const res = await post('reset-password', {
        password_reset_token: 'x',
        code: '12',
        password: 'a',
        password_confirmation: 'b',
      })
      expect(res.statusCode).toBe(422)
      expect(Object.keys(res.json().errors).sort()).toEqual(['code', 'password', 'password_confirmation'])
    })
  })

  describe('by security questions', () => {
    let userId: string
    beforeAll(async () => {
      const user = await buildUser(t.database.db, acme.id, { email: 'preguntas@acme.mx' })
      userId = user.id
      const answers = [
        ['¿Nombre de tu primera mascota?', 'Firulais'],
        ['¿Ciudad donde naciste?', 'Querétaro'],
        ['¿Comida favorita?', 'Pozole rojo'],
      ]
      const rows = await Promise.all(
        answers.map(async ([question, answer], index) => ({
          tenantId: acme.id,
          userId,
          position: index + 1,
          question: question as string,
          answerHash: await hashPassword(normalizeAnswer(answer as string)),
        })),
      )
      await withTenant(t.database.db, acme.id, (tx) => tx.insert(securityAnswers).values(rows))
    })

    const start = async () => {
      const res = await post('recover-password', { username: 'preguntas@acme.mx', type: 'questions' })
      return res.json().data
    }

    it('asks the three questions and compares answers without case or accents', async () => {
      const recovery = await start()
      expect(recovery).toMatchObject({ type: 'questions', security_questions_available: true })
      const token = recovery.password_reset_token
      const questions = (await post('get-security-questions', { password_reset_token: token })).json().data
        .questions
      expect(questions.map((q: { question: string }) => q.question)).toEqual([
        '¿Nombre de tu primera mascota?',
        '¿Ciudad donde naciste?',
        '¿Comida favorita?',
      ])
      // No password before the questions are answered.
      const early = await post('reset-password-without-code', {
        password_reset_token: token,
        ...newPassword('Recupera#2026'),
      })
      expect(early.statusCode).toBe(422)

      const wrong = await post('validate-security-questions', {
        password_reset_token: token,
        questions: [
          { id: 1, answer: 'firulais' },
          { id: 2, answer: 'QUERETARO' },
          { id: 3, answer: 'pozole verde' },
        ],
      })
      expect(wrong.statusCode).toBe(422)
      expect(wrong.json().errors).toEqual({ questions: ['Las respuestas no coinciden con las registradas.'] })

      const right = await post('validate-security-questions', {
        password_reset_token: token,
        questions: [
          { id: 1, answer: '  FIRULAIS ' },
          { id: 2, answer: 'QUERETARO' },
          { id: 3, answer: 'pozole   Rojo' },
        ],
      })
      expect(right.statusCode).toBe(200)
      const reset = await post('reset-password-without-code', {
        password_reset_token: token,
        ...newPassword('Pregunta#2026'),
      })
      expect(reset.statusCode).toBe(200)
      expect((await login('preguntas@acme.mx', 'Pregunta#2026')).statusCode).toBe(200)
    })

    it('falls back to a code for a user without questions', async () => {
      await buildUser(t.database.db, acme.id, { email: 'sinpreguntas@acme.mx' })
      const res = await post('recover-password', { username: 'sinpreguntas@acme.mx', type: 'questions' })
      expect(res.json().data).toMatchObject({ type: 'code', security_questions_available: false })
    })
  })

  it('limits how many recoveries one account starts', async () => {
    await buildUser(t.database.db, acme.id, { email: 'insiste@acme.mx' })
    const before = mailbox.mails.length
    for (let i = 0; i < 5; i++)
      expect((await post('recover-password', { username: 'insiste@acme.mx' })).statusCode).toBe(200)
    expect(mailbox.mails.length - before).toBe(3)
  })

  it('writes the mail to the dev mailbox when no SMTP server is configured', async () => {
    const dev = await buildTestApp()
    try {
      const clinic = await buildTenant(dev.database.db, { slug: 'acme' })
      await buildUser(dev.database.db, clinic.id, { email: 'dev@acme.mx' })
      const res = await dev.app.inject({
        method: 'POST',
        url: api('recover-password'),
        headers: { host: HOST },
        payload: { username: 'dev@acme.mx' },
      })
      expect(res.statusCode).toBe(200)
      const lines = readFileSync(join(dev.config.dataDir, 'dev-mailbox.jsonl'), 'utf8').trim().split('\n')
      const mail = JSON.parse(lines.at(-1) ?? '{}')
      expect(mail.to).toBe('dev@acme.mx')
      expect(mail.text).toMatch(/\b\d{6}\b/)
    } finally {
      await dev.close()
    }
  })
})
