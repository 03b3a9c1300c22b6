import { describe, expect, it } from 'vitest'
import type { OutboxEntry } from '../db/local-db'
import type { SingleAnswer, SingleRequest } from './single-request'
import { httpTransport } from './transport'
import { type UploadProgress, uploadsInProgress } from './upload-progress'

const FILE_ID = '0193a7f2-5b1e-7c3d-8e4f-0000000000f1'

const upload: OutboxEntry = {
  seq: 3,
  mutationId: '0193a7f2-5b1e-7c3d-8e4f-00000000000b',
  userId: 'nurse-1',
  tenant: 'demo',
  kind: 'attachment.create',
  entity: 'attachment',
  entityId: FILE_ID,
  method: 'POST',
  path: '/api/operation/patients/encounter/0193a7f2-5b1e-7c3d-8e4f-0000000000e1/files',
  body: { id: FILE_ID, name: 'Receta firmada.pdf' },
  baseVersion: null,
  dependsOn: [],
  status: 'sending',
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  createdAt: '2026-11-22T10:00:00.000Z',
}

const removal: OutboxEntry = {
  ...upload,
  seq: 4,
  mutationId: '0193a7f2-5b1e-7c3d-8e4f-00000000000c',
  kind: 'attachment.delete',
  method: 'DELETE',
  path: `/api/operation/patients/encounter/file/${FILE_ID}`,
  body: {},
}

const BYTES = new TextEncoder().encode('%PDF-1.7\n')

const envelope = (status: number, body: unknown): SingleAnswer => ({
  status,
  retryAfter: null,
  text: JSON.stringify(body),
})

/** A transport whose single requests get `answer`, remembering each request and the progress seen. */
function over(answer: (request: SingleRequest) => SingleAnswer | Promise<SingleAnswer>) {
  const requests: SingleRequest[] = []
  const progressSeen: Array<UploadProgress | undefined> = []
  const transport = httpTransport(() => 'token-abc', {
    language: () => 'en',
    fileOf: async (id) => (id === FILE_ID ? new Blob([BYTES], { type: 'application/pdf' }) : undefined),
    sendSingle: async (request) => {
      requests.push(request)
      request.onProgress?.({ loaded: 4, total: BYTES.length })
      progressSeen.push(uploadsInProgress().get(upload.mutationId))
      return answer(request)
    },
  })
  return { transport, requests, progressSeen }
}

describe('a file’s entries on the wire', () => {
  it('sends an upload alone, as multipart under its own key, reporting its progress while it goes', async () => {
    const stored = { id: FILE_ID, name: 'Receta firmada.pdf', version: 1 }
    const { transport, requests, progressSeen } = over(() =>
      envelope(200, { data: stored, message: '', error: false }),
    )
    expect(await transport.send(upload)).toEqual({ kind: 'ok', record: stored })
    const [request] = requests
    expect(request).toMatchObject({
      method: 'POST',
      path: upload.path,
      headers: {
        Authorization: 'Bearer token-abc',
        'Accept-Language': 'en',
        'Idempotency-Key': upload.mutationId,
      },
    })
    // The browser writes the multipart Content-Type with its boundary.
    expect(request?.headers['Content-Type']).toBeUndefined()
    const form = request?.body as FormData
    expect(form.get('id')).toBe(FILE_ID)
    expect(form.get('name')).toBe('Receta firmada.pdf')
    const file = form.get('file') as File
    expect(file.name).toBe('Receta firmada.pdf')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(BYTES)
    expect(progressSeen).toEqual([{ loaded: 4, total: BYTES.length }])
    expect(uploadsInProgress().has(upload.mutationId)).toBe(false)
  })

  it('turns a refused file (422, 413) into a rejection with the reason, and a 5xx into a retry', async () => {
    const refusal = {
      data: null,
      message: 'Validation failed',
      error: true,
      errors: { file: ['The image must be under 2 MB.'] },
    }
    expect(await over(() => envelope(422, refusal)).transport.send(upload)).toEqual({
      kind: 'rejected',
      status: 422,
      message: 'Validation failed',
      errors: { file: ['The image must be under 2 MB.'] },
    })
    const tooLarge = { data: null, message: 'The content sent is too large.', error: true }
    expect(await over(() => envelope(413, tooLarge)).transport.send(upload)).toMatchObject({
      kind: 'rejected',
      status: 413,
      message: 'The content sent is too large.',
    })
    expect(await over(() => envelope(503, {})).transport.send(upload)).toEqual({ kind: 'retry', status: 503 })
  })

  it('waits for the network when no answer came, and forgets the progress', async () => {
    const { transport } = over(() => {
      throw new TypeError('Failed to fetch')
    })
    expect(await transport.send(upload)).toEqual({ kind: 'network' })
    expect(uploadsInProgress().size).toBe(0)
  })

  it('sends a removal alone, as a DELETE under its key, with no body', async () => {
    const { transport, requests } = over(() => envelope(200, { data: null, message: '', error: false }))
    expect(await transport.send(removal)).toEqual({ kind: 'ok', record: null })
    expect(requests[0]).toMatchObject({ method: 'DELETE', path: removal.path })
    expect(requests[0]?.headers['Idempotency-Key']).toBe(removal.mutationId)
    expect(requests[0]?.body).toBeUndefined()
  })

  it('refuses to send an upload whose bytes are no longer on the device', async () => {
    const { transport, requests } = over(() => envelope(200, {}))
    expect(await transport.send({ ...upload, entityId: 'gone' })).toEqual({
      kind: 'rejected',
      status: 0,
      message: 'file.missing',
    })
    expect(requests).toEqual([])
  })
})
