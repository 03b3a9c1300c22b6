import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app'
import { buildTenant, type TenantFixture } from '../../../tests/fixtures/tenants'
import { buildUser, signIn, TEST_PASSWORD, type UserFixture } from '../../../tests/fixtures/users'
import { withTenant } from '../../db/client'
import { auditLog, passwordResets, securityAnswers } from '../../db/schema'
import { hashPassword } from '../../platform/passwords'
import { hashOpaqueToken } from '../../platform/tokens'
import { normalizeAnswer } from './recovery'

const HOST = 'acme.localhost'
const EXPIRED = 'El tiempo para recuperar contraseña ha expirado, inténtalo nuevamente'
const WRONG_CODE = 'El código no es correcto.'
const WRONG_ANSWERS = 'Las respuestas no coinciden con las registradas.'
const RECOVERY_KEYS = [
  'data_identificator',
  'expires_at',
  'password_reset_token',
  'security_questions_available',
  'type',
]

interface ReceivedMail {
  to: string
  subject: string
  text: string
}

/** Decodes the single-part text body nodemailer sends (quoted-printable or base64). */
function bodyOf(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/)
  const headers = head.replace(/\r?\n[ \t]+/g, ' ')
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase()
  const body = rest.join('\n')
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(body, 'utf8')
  const rawSubject = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? ''
  // Encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) carry a non-ASCII subject.
  const subject = rawSubject
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (__, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    )
  return { subject, text: bytes.toString('utf8') }
}

/** A real SMTP server on a free port that keeps what it receives. */
async function startMailbox() {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',')
        mails.push({ to, ...bodyOf(Buffer.concat(chunks).toString('utf8')) })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

const codeIn = (mail: ReceivedMail | undefined) => /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? ''
const pair = (password: string) => ({ password, password_confirmation: password })

describe('password recovery', () => {
  let t: TestApp
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  let acme: TenantFixture

  beforeAll(async () => {
    mailbox = await startMailbox()
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}?ignoreTLS=true` })
    acme = await buildTenant(t.database.db, { slug: 'acme', tradeName: 'Clínica Acme' })
    await buildTenant(t.database.db, { slug: 'globex' })
  })
  afterAll(async () => {
    await t.close()
    await mailbox.close()
  })

  const post = (path: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/authentication/${path}`,
      headers: { host: HOST, ...headers },
      payload,
    })
  const login = (username: string, password: string) => post('login', { username, password })
  const mailsTo = (address: string) => mailbox.mails.filter((mail) => mail.to === address)

  /** Starts a recovery by code and answers its token and the mailed code. */
  const startByCode = async (username: string, email: string) => {
    const res = await post('recover-password', { username })
    expect(res.statusCode).toBe(200)
    const token = res.json().data.password_reset_token as string
    return { token, code: codeIn(mailsTo(email).at(-1)), data: res.json().data }
  }

  const resetOf = (token: string) =>
    withTenant(t.database.db, acme.id, async (tx) => {
      const [row] = await tx
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, hashOpaqueToken(token)))
      return row
    })

  const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  describe('by a code sent by e-mail', () => {
    it('mails a 6-digit code that sets the new password, then logs in with it', async () => {
      const user = await buildUser(t.database.db, acme.id, {
        email: 'lucia.mendoza@acme.mx',
        employeeNumber: 'E7',
      })
      const before = mailbox.mails.length
      const res = await post('recover-password', { username: 'E7' })
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(Object.keys(data).sort()).toEqual(RECOVERY_KEYS)
      expect(data).toMatchObject({
        type: 'code',
        data_identificator: 'l***a@acme.mx',
        security_questions_available: false,
      })
      const lifetime = Date.parse(data.expires_at) - Date.now()
      expect(lifetime).toBeGreaterThan(14 * 60_000)
      expect(lifetime).toBeLessThanOrEqual(15 * 60_000)

      expect(mailbox.mails.length).toBe(before + 1)
      const mail = mailbox.mails.at(-1)
      expect(mail?.to).toBe(user.email)
      expect(mail?.subject).toBe('Código para recuperar tu contraseña')
      expect(mail?.text).toContain('Clínica Acme')
      expect(mail?.text).toContain('15 minutos')
      const code = codeIn(mail)
      expect(code).toMatch(/^\d{6}$/)

      // Neither the token nor the code is stored in the clear.
      const row = await resetOf(data.password_reset_token)
      expect(row?.codeHash).not.toContain(code)
      expect(row?.tokenHash).not.toBe(data.password_reset_token)

      const reset = await post('reset-password', {
        password_reset_token: data.password_reset_token,
        code,
        ...pair('Recupera#2026'),
      })
      expect(reset.statusCode).toBe(200)
      expect(reset.json().data).toEqual({ message: 'Contraseña actualizada correctamente' })
      expect((await login(user.email, 'Recupera#2026')).statusCode).toBe(200)
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401)
    })

    it('mails in the language of the request', async () => {
      await buildUser(t.database.db, acme.id, { email: 'english@acme.mx' })
      await post('recover-password', { username: 'english@acme.mx' }, { 'accept-language': 'en' })
      const mail = mailsTo('english@acme.mx').at(-1)
      expect(mail?.subject).toBe('Code to recover your password')
      expect(mail?.text).toContain('It expires in 15 minutes')
    })

    it('refuses a wrong code on the code field and counts it', async () => {
      await buildUser(t.database.db, acme.id, { email: 'errada@acme.mx' })
      const { token, code } = await startByCode('errada@acme.mx', 'errada@acme.mx')
      const wrong = await post('reset-password', {
        password_reset_token: token,
        code: wrongCodeFor(code),
        ...pair('Recupera#2026'),
      })
      expect(wrong.statusCode).toBe(422)
      expect(wrong.json().errors).toEqual({ code: [WRONG_CODE] })
      expect((await resetOf(token))?.failedAttempts).toBe(1)
      // The right code still works after one mistake.
      const right = await post('reset-password', {
        password_reset_token: token,
        code,
        ...pair('Recupera#2026'),
      })
      expect(right.statusCode).toBe(200)
    })

    it('spends the recovery after five wrong codes, the right one included', async () => {
      await buildUser(t.database.db, acme.id, { email: 'adivina@acme.mx' })
      const { token, code } = await startByCode('adivina@acme.mx', 'adivina@acme.mx')
      for (let attempt = 1; attempt <= 5; attempt++) {
        const res = await post('reset-password', {
          password_reset_token: token,
          code: wrongCodeFor(code),
          ...pair('Recupera#2026'),
        })
        expect(res.json().errors, `attempt ${attempt}`).toEqual({ code: [WRONG_CODE] })
      }
      const right = await post('reset-password', {
        password_reset_token: token,
        code,
        ...pair('Recupera#2026'),
      })
      expect(right.statusCode).toBe(422)
      expect(right.json().errors).toEqual({ password_reset_token: [EXPIRED] })
      expect((await login('adivina@acme.mx', TEST_PASSWORD)).statusCode).toBe(200)
    })

    it('refuses a code past its 15 minutes', async () => {
      await buildUser(t.database.db, acme.id, { email: 'tarde@acme.mx' })
      const { token, code } = await startByCode('tarde@acme.mx', 'tarde@acme.mx')
      await withTenant(t.database.db, acme.id, (tx) =>
        tx
          .update(passwordResets)
          .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
          .where(eq(passwordResets.tokenHash, hashOpaqueToken(token))),
      )
      const res = await post('reset-password', {
        password_reset_token: token,
        code,
        ...pair('Recupera#2026'),
      })
      expect(res.statusCode).toBe(422)
      expect(res.json().errors).toEqual({ password_reset_token: [EXPIRED] })
    })

    it('sets the password only once per recovery', async () => {
      await buildUser(t.database.db, acme.id, { email: 'unavez@acme.mx' })
      const { token, code } = await startByCode('unavez@acme.mx', 'unavez@acme.mx')
      const first = await post('reset-password', {
        password_reset_token: token,
        code,
        ...pair('Primera#2026'),
      })
      expect(first.statusCode).toBe(200)
      const second = await post('reset-password', {
        password_reset_token: token,
        code,
        ...pair('Segunda#2026'),
      })
      expect(second.statusCode).toBe(422)
      expect(second.json().errors).toEqual({ password_reset_token: [EXPIRED] })
      expect((await login('unavez@acme.mx', 'Primera#2026')).statusCode).toBe(200)
    })

    it('spends the user’s earlier recoveries when one of them sets the password', async () => {
      await buildUser(t.database.db, acme.id, { email: 'doble@acme.mx' })
      const earlier = await startByCode('doble@acme.mx', 'doble@acme.mx')
      const later = await startByCode('doble@acme.mx', 'doble@acme.mx')
      expect(earlier.code).not.toBe('')
      const done = await post('reset-password', {
        password_reset_token: later.token,
        code: later.code,
        ...pair('Ultima#2026'),
      })
      expect(done.statusCode).toBe(200)
      const stale = await post('reset-password', {
        password_reset_token: earlier.token,
        code: earlier.code,
        ...pair('Intrusa#2026'),
      })
      expect(stale.statusCode).toBe(422)
      expect((await login('doble@acme.mx', 'Ultima#2026')).statusCode).toBe(200)
    })

    it('checks the code’s format and the new password before anything else', async () => {
      await buildUser(t.database.db, acme.id, { email: 'formato@acme.mx' })
      const { token, code } = await startByCode('formato@acme.mx', 'formato@acme.mx')
      const short = await post('reset-password', {
        password_reset_token: token,
        code: '123',
        ...pair('Valida#2026'),
      })
      expect(short.statusCode).toBe(422)
      expect(short.json().errors).toEqual({ code: ['El código tiene 6 dígitos.'] })
      const weak = await post('reset-password', { password_reset_token: token, code, ...pair('debil') })
      expect(Object.keys(weak.json().errors)).toEqual(['password'])
      const mismatch = await post('reset-password', {
        password_reset_token: token,
        code,
        password: 'Valida#2026',
        password_confirmation: 'Valida#2027',
      })
      expect(mismatch.json().errors).toEqual({ password_confirmation: ['Las contraseñas no coinciden'] })
      // None of those counted as a wrong code.
      expect((await resetOf(token))?.failedAttempts).toBe(0)
    })

    it('ends every session of the user and lifts a login lock', async () => {
      const user = await buildUser(t.database.db, acme.id, { email: 'bloqueada@acme.mx' })
      const session = await signIn(t.app, HOST, user.email)
      for (let attempt = 1; attempt <= 5; attempt++) await login(user.email, 'Mala#Clave1')
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429)
      const { token, code } = await startByCode(user.email, user.email)
      // Token issue times have whole seconds: reset in a later second than the sign-in.
      await new Promise((resolve) => setTimeout(resolve, 1005 - (Date.now() % 1000)))
      await post('reset-password', { password_reset_token: token, code, ...pair('Libre#2026') })
      const refreshed = await post('refreshtoken', { refreshToken: session.refreshToken })
      expect(refreshed.statusCode).toBe(401)
      const menus = await t.app.inject({
        url: '/api/configuration/menus/menusavailable',
        headers: session.headers,
      })
      expect(menus.statusCode).toBe(401)
      expect((await login(user.email, 'Libre#2026')).statusCode).toBe(200)
    })

    it('refuses the token on another tenant’s host', async () => {
      await buildUser(t.database.db, acme.id, { email: 'viajera@acme.mx' })
      const { token, code } = await startByCode('viajera@acme.mx', 'viajera@acme.mx')
      const elsewhere = await post(
        'reset-password',
        { password_reset_token: token, code, ...pair('Otra#Clave2026') },
        { host: 'globex.localhost' },
      )
      expect(elsewhere.statusCode).toBe(422)
      expect(elsewhere.json().errors).toEqual({ password_reset_token: [EXPIRED] })
    })

    it('is not offered on the landlord host', async () => {
      const res = await post(
        'recover-password',
        { username: 'root@admin.localhost' },
        { host: 'admin.localhost' },
      )
      expect(res.statusCode).toBe(404)
    })
  })

  describe('who gets no mail', () => {
    it('answers an unknown username with the same shape and sends nothing', async () => {
      await buildUser(t.database.db, acme.id, { email: 'real@acme.mx' })
      const real = (await post('recover-password', { username: 'real@acme.mx' })).json().data
      const before = mailbox.mails.length
      for (const username of ['nadie@acme.mx', 'X999']) {
        const res = await post('recover-password', { username })
        expect(res.statusCode, username).toBe(200)
        const data = res.json().data
        expect(Object.keys(data).sort(), username).toEqual(Object.keys(real).sort())
        expect(data.type).toBe(real.type)
        expect(data.security_questions_available).toBe(false)
        expect(data.data_identificator).toMatch(/^.\*\*\*.?@/)
        expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now())
        const decoy = await post('reset-password', {
          password_reset_token: data.password_reset_token,
          code: '000000',
          ...pair('Nunca#2026'),
        })
        expect(decoy.json().errors).toEqual({ password_reset_token: [EXPIRED] })
      }
      expect(mailbox.mails.length).toBe(before)
    })

    it('sends nothing to an inactive user', async () => {
      await buildUser(t.database.db, acme.id, { email: 'inactiva@acme.mx', active: false })
      const res = await post('recover-password', { username: 'inactiva@acme.mx' })
      expect(res.statusCode).toBe(200)
      expect(mailsTo('inactiva@acme.mx')).toEqual([])
    })

    it('stops mailing after three recoveries in fifteen minutes', async () => {
      await buildUser(t.database.db, acme.id, { email: 'insistente@acme.mx' })
      for (let attempt = 1; attempt <= 4; attempt++) {
        expect((await post('recover-password', { username: 'insistente@acme.mx' })).statusCode).toBe(200)
      }
      expect(mailsTo('insistente@acme.mx')).toHaveLength(3)
    })
  })

  describe('by security questions', () => {
    const QUESTIONS = [
      { position: 1, question: '¿En qué ciudad naciste?', answer: 'Querétaro' },
      { position: 2, question: '¿Cómo se llamaba tu primera mascota?', answer: 'Firulais' },
      { position: 3, question: '¿Cuál es tu comida favorita?', answer: 'Chiles en nogada' },
    ]
    const rightAnswers = [
      { id: 1, answer: 'QUERETARO' },
      { id: 2, answer: '  firulais ' },
      { id: 3, answer: 'chiles   EN nogada' },
    ]
    let answerHashes: string[] = []
    let serial = 0

    beforeAll(async () => {
      answerHashes = await Promise.all(QUESTIONS.map((q) => hashPassword(normalizeAnswer(q.answer))))
    })

    /** A user with the three questions set (one per test: an account starts 3 recoveries per window). */
    const userWithQuestions = async (): Promise<UserFixture> => {
      serial += 1
      const user = await buildUser(t.database.db, acme.id, { email: `preguntas${serial}@acme.mx` })
      await withTenant(t.database.db, acme.id, (tx) =>
        tx.insert(securityAnswers).values(
          QUESTIONS.map((q, i) => ({
            tenantId: acme.id,
            userId: user.id,
            position: q.position,
            question: q.question,
            answerHash: answerHashes[i] ?? '',
          })),
        ),
      )
      return user
    }

    const startByQuestions = async (user: UserFixture) => {
      const res = await post('recover-password', { username: user.email, type: 'questions' })
      expect(res.statusCode).toBe(200)
      const data = res.json().data
      expect(data).toMatchObject({ type: 'questions', security_questions_available: true })
      return data.password_reset_token as string
    }

    it('asks the three questions and sends no mail', async () => {
      const user = await userWithQuestions()
      const token = await startByQuestions(user)
      expect(mailsTo(user.email)).toEqual([])
      const res = await post('get-security-questions', { password_reset_token: token })
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual({
        questions: QUESTIONS.map((q) => ({ id: q.position, question: q.question })),
        lang: 'es',
      })
    })

    it('offers the questions also to a user who asked for a code', async () => {
      const user = await userWithQuestions()
      const res = await post('recover-password', { username: user.email, type: 'code' })
      expect(res.json().data).toMatchObject({ type: 'code', security_questions_available: true })
    })

    it('compares answers without case or accents, then sets the password', async () => {
      const user = await userWithQuestions()
      const token = await startByQuestions(user)
      const early = await post('reset-password-without-code', {
        password_reset_token: token,
        ...pair('Preguntas#2026'),
      })
      expect(early.statusCode).toBe(422)
      expect(early.json().errors).toEqual({ questions: [WRONG_ANSWERS] })

      const passed = await post('validate-security-questions', {
        password_reset_token: token,
        questions: rightAnswers,
      })
      expect(passed.statusCode).toBe(200)
      // A questions recovery never takes a code.
      const byCode = await post('reset-password', {
        password_reset_token: token,
        code: '123456',
        ...pair('Preguntas#2026'),
      })
      expect(byCode.statusCode).toBe(422)

      const done = await post('reset-password-without-code', {
        password_reset_token: token,
        ...pair('Preguntas#2026'),
      })
      expect(done.statusCode).toBe(200)
      expect((await login(user.email, 'Preguntas#2026')).statusCode).toBe(200)
      const again = await post('reset-password-without-code', {
        password_reset_token: token,
        ...pair('Otra#Vez2026'),
      })
      expect(again.json().errors).toEqual({ password_reset_token: [EXPIRED] })
    })

    it('refuses wrong answers, counts them and spends the recovery after five', async () => {
      const token = await startByQuestions(await userWithQuestions())
      const wrong = [...rightAnswers.slice(0, 2), { id: 3, answer: 'tacos' }]
      for (let attempt = 1; attempt <= 5; attempt++) {
        const res = await post('validate-security-questions', {
          password_reset_token: token,
          questions: wrong,
        })
        expect(res.statusCode, `attempt ${attempt}`).toBe(422)
        expect(res.json().errors).toEqual({ questions: [WRONG_ANSWERS] })
      }
      const right = await post('validate-security-questions', {
        password_reset_token: token,
        questions: rightAnswers,
      })
      expect(right.json().errors).toEqual({ password_reset_token: [EXPIRED] })
    })

    it('does not let one right answer stand for the three', async () => {
      const token = await startByQuestions(await userWithQuestions())
      const repeated = [rightAnswers[0], rightAnswers[0], rightAnswers[0]]
      const res = await post('validate-security-questions', {
        password_reset_token: token,
        questions: repeated,
      })
      expect(res.statusCode).toBe(422)
    })

    it('does not answer the questions of a code recovery, nor of an expired one', async () => {
      const user = await userWithQuestions()
      const code = await post('recover-password', { username: user.email, type: 'code' })
      const byCode = await post('get-security-questions', {
        password_reset_token: code.json().data.password_reset_token,
      })
      expect(byCode.statusCode).toBe(422)
      const token = await startByQuestions(user)
      await withTenant(t.database.db, acme.id, (tx) =>
        tx
          .update(passwordResets)
          .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
          .where(eq(passwordResets.tokenHash, hashOpaqueToken(token))),
      )
      const expired = await post('get-security-questions', { password_reset_token: token })
      expect(expired.statusCode).toBe(422)
      expect(expired.json().errors).toEqual({ password_reset_token: [EXPIRED] })
    })

    it('falls back to a code for a user without questions', async () => {
      await buildUser(t.database.db, acme.id, { email: 'sinpreguntas@acme.mx' })
      const res = await post('recover-password', { username: 'sinpreguntas@acme.mx', type: 'questions' })
      expect(res.json().data).toMatchObject({ type: 'code', security_questions_available: false })
      expect(mailsTo('sinpreguntas@acme.mx')).toHaveLength(1)
    })
  })

  it('audits the start of a recovery and the reset', async () => {
    const user = await buildUser(t.database.db, acme.id, { email: 'auditoria@acme.mx' })
    const { token, code } = await startByCode(user.email, user.email)
    await post('reset-password', { password_reset_token: token, code, ...pair('Auditada#2026') })
    const rows = await withTenant(t.database.db, acme.id, (tx) =>
      tx.select().from(auditLog).where(eq(auditLog.actorId, user.id)),
    )
    expect(rows.map((row) => row.action).sort()).toEqual(['password.recovery-code', 'password.reset'])
  })

  it('writes the mail to the dev mailbox when no SMTP server is configured', async () => {
    const dev = await buildTestApp()
    try {
      const clinic = await buildTenant(dev.database.db, { slug: 'local', tradeName: 'Clínica Local' })
      await buildUser(dev.database.db, clinic.id, { email: 'dev@local.mx' })
      const file = join(dev.config.dataDir, 'dev-mailbox.jsonl')
      expect(existsSync(file)).toBe(false)
      const res = await dev.app.inject({
        method: 'POST',
        url: '/api/authentication/recover-password',
        headers: { host: 'local.localhost' },
        payload: { username: 'dev@local.mx' },
      })
      expect(res.statusCode).toBe(200)
      const lines = readFileSync(file, 'utf8').trim().split('\n')
      expect(lines).toHaveLength(1)
      const mail = JSON.parse(lines[0] ?? '{}')
      expect(mail).toMatchObject({ to: 'dev@local.mx', subject: 'Código para recuperar tu contraseña' })
      expect(mail.text).toContain('Clínica Local')
      expect(codeIn(mail)).toMatch(/^\d{6}$/)
    } finally {
      await dev.close()
    }
  })
})
